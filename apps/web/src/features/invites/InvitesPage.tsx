import { zodResolver } from '@hookform/resolvers/zod';
import {
  INVITE_TEXT_MAX_LENGTH,
  type Invite,
  InviteCreateBody,
  InviteListResponse,
  InviteResponse,
} from '@josie/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Copy, Link2, Plus, Users } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { formatDate } from '../../lib/dates';
import { applyServerIssues, fieldErrorText } from '../../lib/forms';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorBox } from '../../ui/ErrorBox';
import { Field } from '../../ui/Field';
import { Input, Textarea } from '../../ui/Input';
import { Page } from '../../ui/Page';
import { PageSpinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { copyToClipboard } from './clipboard';

/** The query of the signed-in curator's invites. */
export const myInvitesQueryKey = ['invites', 'mine'] as const;

/** How many of the people who joined are shown by name; the rest are counted. */
const USERS_SHOWN = 6;

/** The shareable link of an invite: `{origin}/join/{code}` (spec 001 §9). */
export function inviteLink(code: string, origin = window.location.origin): string {
  return `${origin}/join/${code}`;
}

/** Newest first, whatever order the cache was built in. */
function newestFirst(invites: readonly Invite[]): Invite[] {
  return [...invites].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Puts an invite the server answered into the cached list, replacing its older copy. */
function cacheInvite(queryClient: QueryClient, invite: Invite): void {
  queryClient.setQueryData<InviteListResponse>(myInvitesQueryKey, (list) =>
    list ? { invites: [invite, ...list.invites.filter((i) => i._id !== invite._id)] } : list,
  );
}

type InviteState = 'active' | 'disabled' | 'expired';

/** An inactive invite past its expiry reads 'Expired'; otherwise it was disabled (spec 001 §4, DESIGN §9.7). */
function stateOf(invite: Invite, now: number): InviteState {
  if (invite.isActive) return 'active';
  return Date.parse(invite.expiresAt) <= now ? 'expired' : 'disabled';
}

/** The create form: a required message (spec 001 §5 Invite), checked by the contract's schema. */
function CreateInviteForm() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(InviteCreateBody), defaultValues: { inviteText: '' } });
  const message = watch('inviteText') ?? '';
  const left = INVITE_TEXT_MAX_LENGTH - message.length;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { invite } = await request('createInvite', { body }, { schema: InviteResponse });
      cacheInvite(queryClient, invite);
      toast.success(t('invites.created'));
      reset();
    } catch (error) {
      console.warn('Creating the invite failed', error);
      applyServerIssues(error, setError, ['inviteText']);
      toast.error(t('invites.createFailed'));
    }
  });

  return (
    <section
      aria-labelledby="invite-form-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 sm:p-8"
    >
      <h2 id="invite-form-title" className="mb-4 text-lg font-semibold text-zinc-950">
        {t('invites.form.title')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={t('invites.form.message')}
          hint={t('invites.form.charactersLeft', { count: Math.max(0, left) })}
          error={fieldErrorText(
            errors.inviteText,
            { too_big: t('validation.tooLong', { count: INVITE_TEXT_MAX_LENGTH }) },
            t('invites.form.messageRequired'),
          )}
        >
          {(p) => (
            <Textarea
              {...p}
              rows={3}
              maxLength={INVITE_TEXT_MAX_LENGTH}
              placeholder={t('invites.form.placeholder')}
              // Empty, `auto` would lay the placeholder out left to right; typed text picks its own.
              dir={message ? 'auto' : i18n.dir()}
              {...register('inviteText')}
            />
          )}
        </Field>
        <Button type="submit" loading={isSubmitting} className="self-start">
          {!isSubmitting && <Plus className="size-4" aria-hidden="true" />}
          {isSubmitting ? t('invites.form.submitting') : t('invites.form.submit')}
        </Button>
      </form>
    </section>
  );
}

/** One statistic of an invite card: an icon, a label and a value. */
function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-2xl bg-zinc-50 px-3 py-2 ring-1 ring-zinc-100">
      <dt className="text-xs font-medium text-zinc-600">{label}</dt>
      <dd className="text-sm font-semibold text-zinc-900">{value}</dd>
    </div>
  );
}

const BADGE_TONE = { active: 'success', disabled: 'neutral', expired: 'warning' } as const;

/** One invite: status, message, link with Copy, Disable, dates, who joined and page visits. */
function InviteCard({
  invite,
  now,
  onDisable,
}: {
  invite: Invite;
  now: number;
  onDisable(invite: Invite): void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const linkId = useId();
  const state = stateOf(invite, now);
  const active = state === 'active';
  const link = inviteLink(invite.code);
  const shown = invite.usedBy.users.slice(0, USERS_SHOWN);
  const more = invite.usedBy.count - shown.length;

  const copy = async () => {
    if (await copyToClipboard(link)) toast.success(t('invites.copied'));
    else toast.error(t('invites.copyFailed'));
  };

  return (
    <li>
      <article
        aria-labelledby={titleId}
        className={`flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 sm:p-6 ${active ? '' : 'bg-zinc-50/80'}`}
      >
        <div className="flex items-start justify-between gap-3">
          <p
            id={titleId}
            dir="auto"
            className={`min-w-0 flex-1 text-start text-base leading-relaxed font-medium break-words whitespace-pre-line ${active ? 'text-zinc-900' : 'text-zinc-600'}`}
          >
            {invite.inviteText}
          </p>
          <Badge tone={BADGE_TONE[state]} className="shrink-0">
            {t(`invites.status.${state}`)}
          </Badge>
        </div>

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={linkId} className="sr-only">
            {t('invites.link')}
          </label>
          {/* The URL reads left to right in both languages; its icon and padding follow it. */}
          <div className="relative min-w-0 flex-1" dir="ltr">
            <Link2
              className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-zinc-500"
              aria-hidden="true"
            />
            <Input
              id={linkId}
              readOnly
              value={link}
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              className={`ps-9 font-mono text-sm ${active ? '' : 'text-zinc-500 line-through'}`}
            />
          </div>
          <div className="flex gap-2">
            <Button
              variant="outline"
              disabled={!active}
              onClick={() => void copy()}
              className="flex-1 whitespace-nowrap"
            >
              <Copy className="size-4" aria-hidden="true" />
              {t('invites.copy')}
            </Button>
            {active && (
              <Button
                variant="ghost"
                onClick={() => onDisable(invite)}
                className="flex-1 whitespace-nowrap text-red-700 hover:bg-red-50"
              >
                <Ban className="size-4" aria-hidden="true" />
                {t('invites.disable')}
              </Button>
            )}
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Stat label={t('invites.createdOn')} value={formatDate(invite.createdAt, i18n.language)} />
          <Stat
            label={state === 'expired' ? t('invites.expiredOn') : t('invites.expiresOn')}
            value={formatDate(invite.expiresAt, i18n.language)}
          />
          <Stat label={t('invites.uses')} value={t('invites.usesCount', { count: invite.usedBy.count })} />
          <Stat
            label={t('invites.visits')}
            value={t('invites.visitsCount', { count: invite.stats.pageVisits })}
          />
        </dl>

        {shown.length > 0 && (
          <div className="flex flex-col gap-2">
            <h3 className="flex items-center gap-1.5 text-xs font-semibold text-zinc-600">
              <Users className="size-3.5" aria-hidden="true" />
              {t('invites.usedBy')}
            </h3>
            <ul className="flex flex-wrap items-center gap-2">
              {shown.map((person) => (
                <li
                  key={person._id}
                  className="inline-flex max-w-full items-center gap-2 rounded-full bg-zinc-100 py-1 ps-1 pe-3 text-sm text-zinc-800"
                >
                  <Avatar src={person.avatar} name={person.name} size={24} decorative />
                  <span dir="auto" className="truncate">
                    {person.name}
                  </span>
                </li>
              ))}
              {more > 0 && (
                <li className="text-sm text-zinc-600">{t('invites.moreUsers', { count: more })}</li>
              )}
            </ul>
          </div>
        )}
      </article>
    </li>
  );
}

/**
 * `/invites`, a curator's invite management (spec 001 §2, §4 Invite, §5, §8 Invites): the create form,
 * then the curator's invites newest first from `GET /api/invites/my-invites`, each with its message, the
 * full link `{origin}/join/{code}` with Copy (disabled when inactive), Disable (only while active, after
 * a confirmation; one way), created and expiry dates, who joined, page visits and a status label.
 * Toasts: 'Failed to load invites', 'Invite created successfully' / 'Failed to create invite', 'Invite
 * link copied to clipboard', 'Invite disabled successfully' / 'Failed to disable invite'.
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

  let list: ReactNode;
  if (invites.isPending) list = <PageSpinner />;
  else if (invites.isError)
    list = <ErrorBox message={t('invites.loadFailed')} onRetry={() => void invites.refetch()} />;
  else if (sorted.length === 0)
    list = (
      <EmptyState
        icon={<Link2 className="size-6" aria-hidden="true" />}
        title={t('invites.empty')}
        description={t('invites.emptyDescription')}
      />
    );
  else
    list = (
      <ul className="flex flex-col gap-4">
        {sorted.map((invite) => (
          <InviteCard key={invite._id} invite={invite} now={now} onDisable={setTarget} />
        ))}
      </ul>
    );

  return (
    <Page title={t('invites.title')} lead={t('invites.lead')}>
      <div className="flex flex-col gap-10">
        <CreateInviteForm />
        <section aria-labelledby="invite-list-title" className="flex flex-col gap-4">
          <h2 id="invite-list-title" className="text-xl font-bold text-zinc-950">
            {t('invites.listTitle')}
          </h2>
          {list}
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
