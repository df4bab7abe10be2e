import type { AdminUserDetail } from '@josie/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { request } from '../../api/request';
import { formatDate } from '../../lib/dates';
import { useMutation } from '../../lib/useMutation';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';
import { ReasonDialog } from '../reports';
import { Card } from './AdminPage';
import { adminKeys } from './queries';

/**
 * The suspension of an account on the admin user page (docs/decisions/0047-reports-and-moderation.md):
 * when and why it is suspended, "Suspend account" with a reason (the dialog is the confirmation), or "Lift
 * suspension" after a confirmation. `POST` / `DELETE /api/admin/users/{id}/suspension`; success reads the
 * page and the list again. Not offered for admins or one's own account (the server refuses both).
 */
export function SuspensionCard({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const [dialog, setDialog] = useState<'suspend' | 'lift' | null>(null);
  const settled = () => client.invalidateQueries({ queryKey: adminKeys.all });
  const suspend = useMutation({
    mutationFn: (reason: string) => request('suspendUser', { params: { id: user.id }, body: { reason } }),
    onSuccess: async () => {
      setDialog(null);
      toast.success(t('moderation.suspension.suspended'));
      await settled();
    },
    onError: (failure) => toast.error(errorText(t, failure, t('moderation.suspension.error'))),
  });
  const lift = useMutation({
    mutationFn: () => request('liftSuspension', { params: { id: user.id } }),
    onSuccess: async () => {
      setDialog(null);
      toast.success(t('moderation.suspension.lifted'));
      await settled();
    },
    onError: (failure) => toast.error(errorText(t, failure, t('moderation.suspension.error'))),
  });
  if (isSelf || user.role === 'admin') return null;
  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-base font-semibold text-zinc-900">
        {t('moderation.suspension.title')}
      </h2>
      {user.suspendedAt ? (
        <p className="text-sm text-zinc-700">
          <Trans
            t={t}
            i18nKey="moderation.suspension.active"
            values={{
              date: formatDate(user.suspendedAt, i18n.resolvedLanguage),
              reason: user.suspensionReason ?? '',
            }}
            components={{ reason: <bdi /> }}
          />
        </p>
      ) : (
        <p className="text-sm text-zinc-600">{t('moderation.suspension.none')}</p>
      )}
      <div>
        {user.suspendedAt ? (
          <Button variant="outline" size="sm" onClick={() => setDialog('lift')}>
            {t('moderation.suspension.lift')}
          </Button>
        ) : (
          <Button variant="danger" size="sm" onClick={() => setDialog('suspend')}>
            {t('moderation.suspension.suspend')}
          </Button>
        )}
      </div>
      <ReasonDialog
        action="suspend"
        open={dialog === 'suspend'}
        onOpenChange={(open) => setDialog(open ? 'suspend' : null)}
        pending={suspend.isPending}
        onConfirm={(reason) => suspend.mutate(reason)}
      />
      <ConfirmDialog
        open={dialog === 'lift'}
        onOpenChange={(open) => setDialog(open ? 'lift' : null)}
        title={t('moderation.suspension.liftTitle')}
        description={t('moderation.suspension.liftDescription')}
        confirmLabel={t('moderation.suspension.lift')}
        pending={lift.isPending}
        onConfirm={() => lift.mutate()}
      />
    </Card>
  );
}
