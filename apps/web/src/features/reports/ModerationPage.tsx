import type { ModerationAction, ModerationTarget } from '@josie/contract';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { formatRelativeTime } from '../../lib/relativeTime';
import { useSession } from '../../session/SessionProvider';
import { Badge } from '../../ui/Badge';
import { Button, focusRing } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { useModerationAction, useModerationQueue } from './api';
import { ReasonDialog } from './ReasonDialog';

/** What was reported, as the queue previews it: a comment with its author and josie, a josie, an account. */
function Preview({ target }: { target: ModerationTarget }) {
  const { t } = useTranslation();
  const { preview } = target;
  if (!preview.exists) return <p className="text-sm text-zinc-500 italic">{t('moderation.queue.gone')}</p>;
  const user = preview.userId ? (
    <Link
      to={`/profile/${preview.userId}`}
      className={cn('rounded font-semibold hover:underline', focusRing)}
    >
      <bdi>{preview.userName}</bdi>
    </Link>
  ) : null;
  const josie = preview.josieId ? (
    <Link to={`/josie/${preview.josieId}`} className={cn('rounded font-semibold hover:underline', focusRing)}>
      <bdi>{preview.josieTitle}</bdi>
    </Link>
  ) : null;
  return (
    <div className="flex flex-col gap-1 text-sm text-zinc-700">
      {target.targetType === 'comment' && (
        <blockquote
          dir="auto"
          className="border-s-4 border-zinc-200 ps-3 whitespace-pre-wrap wrap-anywhere text-zinc-900"
        >
          {preview.text ?? t('moderation.queue.commentRemoved')}
        </blockquote>
      )}
      <p className="flex flex-wrap items-center gap-x-1">
        {target.targetType === 'comment' && (
          <>
            {t('moderation.queue.by')} {user} · {t('moderation.queue.on')} {josie}
          </>
        )}
        {target.targetType === 'josie' && (
          <>
            {josie} · {t('moderation.queue.by')} {user}
          </>
        )}
        {target.targetType === 'account' && user}
        {preview.suspended && <Badge tone="danger">{t('moderation.queue.suspended')}</Badge>}
      </p>
    </div>
  );
}

/** One reported target: what it is, how often and why it was reported, and the actions on it. */
function TargetCard({ target }: { target: ModerationTarget }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const act = useModerationAction();
  const [confirming, setConfirming] = useState<ModerationAction | null>(null);
  const admin = user?.role === 'admin';
  const run = (action: ModerationAction, reason?: string) =>
    act.mutate(
      { targetType: target.targetType, targetId: target.targetId, action, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(t(`moderation.queue.done.${action}`));
        },
        onError: (failure) => toast.error(errorText(t, failure, t('moderation.queue.actionError'))),
      },
    );
  const exists = target.preview.exists;
  const canSuspend = admin && exists && target.preview.userId !== null && !target.preview.suspended;
  return (
    <li className="flex flex-col gap-3 rounded-3xl bg-white p-4 ring-1 ring-zinc-200 sm:p-5">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone="brand">{t(`moderation.types.${target.targetType}`)}</Badge>
        <span className="font-semibold text-zinc-900">
          {t('moderation.queue.reports', { count: target.reportCount })}
        </span>
        <span className="text-zinc-600">· {formatRelativeTime(target.latestAt, i18n.resolvedLanguage)}</span>
      </div>
      <Preview target={target} />
      <ul className="flex flex-wrap gap-2" aria-label={t('moderation.queue.reasons')}>
        {Object.entries(target.reasons).map(([reason, count]) => (
          <li key={reason}>
            <Badge tone="warning">
              {t(`moderation.reasons.${reason as keyof typeof target.reasons}`)} × {count}
            </Badge>
          </li>
        ))}
      </ul>
      {target.texts.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t('moderation.queue.texts')}>
          {target.texts.map((entry) => (
            <li
              key={entry.createdAt}
              dir="auto"
              className="rounded-xl bg-zinc-50 px-3 py-2 text-sm text-zinc-800 wrap-anywhere"
            >
              {entry.text}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          loading={act.isPending && confirming === null}
          onClick={() => run('dismiss')}
        >
          {t('moderation.queue.actions.dismiss')}
        </Button>
        {target.targetType === 'comment' && exists && target.preview.text !== null && (
          <Button variant="danger" size="sm" onClick={() => setConfirming('remove-comment')}>
            {t('moderation.queue.actions.remove-comment')}
          </Button>
        )}
        {target.targetType === 'josie' && exists && target.preview.josieStatus !== 'rejected' && (
          <Button variant="danger" size="sm" onClick={() => setConfirming('send-back')}>
            {t('moderation.queue.actions.send-back')}
          </Button>
        )}
        {canSuspend && (
          <Button variant="danger" size="sm" onClick={() => setConfirming('suspend')}>
            {t('moderation.queue.actions.suspend')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming === 'remove-comment'}
        onOpenChange={(open) => setConfirming(open ? 'remove-comment' : null)}
        title={t('moderation.queue.confirm.remove-comment.title')}
        description={t('moderation.queue.confirm.remove-comment.description')}
        confirmLabel={t('moderation.queue.confirm.remove-comment.confirm')}
        destructive
        pending={act.isPending}
        onConfirm={() => run('remove-comment')}
      />
      {(['send-back', 'suspend'] as const).map((action) => (
        <ReasonDialog
          key={action}
          action={action}
          open={confirming === action}
          onOpenChange={(open) => setConfirming(open ? action : null)}
          pending={act.isPending}
          onConfirm={(reason) => run(action, reason)}
        />
      ))}
    </li>
  );
}

/**
 * `/editor/moderation` (docs/product/routes-and-roles.md#review; decision 0047): the moderation queue of
 * editors and admins beside the review queue. Reported targets, the newest report first, each with its
 * count, reasons, latest texts and a preview, and the actions that fit it: dismiss; remove a comment and
 * send a josie back (after a confirmation); suspend the author (admins, with a reason). Pages load on
 * "Load more".
 */
export default function ModerationPage() {
  const { t } = useTranslation();
  const query = useModerationQueue();
  const targets = query.data?.pages.flatMap((page) => page.data.targets);
  return (
    <Page title={t('moderation.queue.title')} lead={t('moderation.queue.lead')} width="wide">
      <nav aria-label={t('moderation.queue.queues')} className="mb-4 flex gap-2 text-sm">
        <Link
          to="/editor/dashboard"
          className={cn(
            'rounded-full px-3 py-1.5 text-zinc-700 ring-1 ring-zinc-200 hover:bg-zinc-50',
            focusRing,
          )}
        >
          {t('moderation.queue.reviewQueue')}
        </Link>
        <span aria-current="page" className="rounded-full bg-zinc-900 px-3 py-1.5 font-semibold text-white">
          {t('moderation.queue.title')}
        </span>
      </nav>
      <QueryState
        query={{ ...query, data: targets }}
        errorText={t('moderation.queue.loadError')}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={<ShieldCheck className="size-6" aria-hidden="true" />}
            title={t('moderation.queue.emptyTitle')}
            description={t('moderation.queue.emptyDescription')}
          />
        }
      >
        {(data) => (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-4">
              {data.map((target) => (
                <TargetCard key={`${target.targetType}:${target.targetId}`} target={target} />
              ))}
            </ul>
            <LoadMore query={query} failedText={t('moderation.queue.loadError')} />
          </div>
        )}
      </QueryState>
    </Page>
  );
}
