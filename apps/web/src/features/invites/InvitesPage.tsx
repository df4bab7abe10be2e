import { type Invite, InviteListResponse, InviteResponse } from '@josie/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { useMutation } from '../../lib/useMutation';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { CreateInviteForm } from './CreateInviteForm';
import { InviteCard } from './InviteCard';
import { cacheInvite, myInvitesQueryKey, newestFirst } from './invites';

/**
 * `/invites`, a curator's invite management (docs/product/routes-and-roles.md#invites,
 * docs/product/rules-and-limits.md#invites, docs/product/messages.md#invites): the create form, then the
 * curator's invites newest first from `GET /api/invites/my-invites`, each with its message, the full link
 * `{origin}/join/{code}` with Copy (disabled when inactive), Disable (only while active, after a
 * confirmation; one way), created and expiry dates, who joined, page visits and a status label. Toasts:
 * 'Failed to load invites', 'Invite created successfully' / 'Failed to create invite', 'Invite link copied to
 * clipboard', 'Invite disabled successfully' / 'Failed to disable invite'.
 */
export default function InvitesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Invite | null>(null);

  const invites = useQuery({
    queryKey: myInvitesQueryKey,
    queryFn: ({ signal }) => request('myInvites', {}, { schema: InviteListResponse, signal }),
  });
  const sorted = useMemo(() => (invites.data ? newestFirst(invites.data.invites) : []), [invites.data]);
  // 'Expired' is judged at the time of the answer, so labels do not flip between renders.
  const now = invites.dataUpdatedAt;

  useEffect(() => {
    if (invites.isError) toast.error(t('invites.loadFailed'));
  }, [invites.isError, t]);

  const disable = useMutation({
    mutationFn: (invite: Invite) =>
      request('disableInvite', { params: { id: invite._id } }, { schema: InviteResponse }),
    onSuccess: ({ invite }) => {
      cacheInvite(queryClient, invite);
      toast.success(t('invites.disabledToast'));
      setTarget(null);
    },
    onError: (error) => {
      console.warn('Disabling the invite failed', error);
      toast.error(t('invites.disableFailed'));
      setTarget(null);
    },
  });

  return (
    <Page title={t('invites.title')} lead={t('invites.lead')}>
      <div className="flex flex-col gap-10">
        <CreateInviteForm />
        <section aria-labelledby="invite-list-title" className="flex flex-col gap-4">
          <h2 id="invite-list-title" className="text-xl font-bold text-zinc-950">
            {t('invites.listTitle')}
          </h2>
          <QueryState
            query={invites}
            errorText={t('invites.loadFailed')}
            ownErrorText
            isEmpty={(data) => data.invites.length === 0}
            empty={
              <EmptyState
                icon={<Link2 className="size-6" aria-hidden="true" />}
                title={t('invites.empty')}
                description={t('invites.emptyDescription')}
              />
            }
          >
            {() => (
              <ul className="flex flex-col gap-4">
                {sorted.map((invite) => (
                  <InviteCard key={invite._id} invite={invite} now={now} onDisable={setTarget} />
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      </div>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open && !disable.isPending) setTarget(null);
        }}
        title={t('invites.disableTitle')}
        description={t('invites.disableDescription')}
        confirmLabel={t('invites.disableConfirm')}
        destructive
        pending={disable.isPending}
        onConfirm={() => {
          if (target) disable.mutate(target);
        }}
      />
    </Page>
  );
}
