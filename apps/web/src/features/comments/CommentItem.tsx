import type { Comment } from '@josie/contract';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../api/errorText';
import { formatDate } from '../../lib/dates';
import { formatRelativeTime } from '../../lib/relativeTime';
import { useSession } from '../../session/SessionProvider';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AccountActions } from '../blocks';
import { ReportButton } from '../reports';
import { useDeleteComment, useEditComment } from './api';
import { CommentBox } from './CommentBox';
import { CommentText } from './CommentText';

export interface CommentItemProps {
  comment: Comment;
  josieId: string;
  /** Offered when the reader may reply: opens the reply box of the comment's thread. */
  onReply?: (comment: Comment) => void;
}

/** A small text button of a comment's actions. */
const action =
  'rounded-md px-1.5 py-0.5 text-xs font-semibold text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * One comment (docs/product/rules-and-limits.md#comments): its author (a name isolated in `<bdi>`), how long
 * ago (the date in full on hover), "edited", its text with clickable links, and what the reader may do as the
 * server decided (`canEdit`, `canDelete`): reply, edit in place, delete after a confirmation; on another
 * person's comment, a signed-in reader may mute or block its author (decision 0048). A removed one with
 * replies shows "Comment removed" alone.
 */
export function CommentItem({ comment, josieId, onReply }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(josieId);
  const remove = useDeleteComment(josieId);
  const language = i18n.resolvedLanguage;

  if (comment.removed || !comment.author || comment.text === null) {
    return <p className="py-2 text-sm text-zinc-500 italic">{t('comments.removed')}</p>;
  }
  const name = comment.author.name || t('comments.unknownAuthor');
  // Anyone signed in reports, mutes or blocks another's comment's author (decisions 0047 and 0048).
  const someoneElse = user !== null && user.id !== comment.author._id;

  return (
    <div className="flex gap-3">
      <Avatar src={comment.author.avatar} name={name} size={36} decorative className="shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-zinc-950">
            <bdi>{name}</bdi>
          </span>
          <time
            dateTime={comment.createdAt}
            title={formatDate(comment.createdAt, language)}
            className="text-zinc-600"
          >
            {formatRelativeTime(comment.createdAt, language)}
          </time>
          {comment.editedAt && <span className="text-xs text-zinc-500">({t('comments.edited')})</span>}
        </p>
        {editing ? (
          <CommentBox
            label={t('comments.editLabel')}
            initial={comment.text}
            submitLabel={t('comments.save')}
            errorFallback={t('comments.editError')}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (text) => {
              await edit.mutateAsync({ comment, text });
              setEditing(false);
            }}
          />
        ) : (
          <CommentText text={comment.text} />
        )}
        {!editing && (onReply || comment.canEdit || comment.canDelete || someoneElse) && (
          <div className="flex flex-wrap gap-1">
            {onReply && (
              <button type="button" className={action} onClick={() => onReply(comment)}>
                <span className="sr-only">
                  <Trans i18nKey="comments.replyTo" values={{ name }} components={{ name: <bdi /> }} />
                </span>
                <span aria-hidden="true">{t('comments.reply')}</span>
              </button>
            )}
            {comment.canEdit && (
              <button type="button" className={action} onClick={() => setEditing(true)}>
                {t('comments.edit')}
              </button>
            )}
            {comment.canDelete && (
              <button type="button" className={action} onClick={() => setConfirming(true)}>
                {t('comments.delete')}
              </button>
            )}
            {someoneElse && (
              <>
                <ReportButton
                  target={{ type: 'comment', id: comment._id }}
                  className={action}
                  label={t('moderation.report.commentOf', { name })}
                />
                <AccountActions userId={comment.author._id} name={name} buttonClassName={action} />
              </>
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('comments.deleteTitle')}
        description={t('comments.deleteDescription')}
        confirmLabel={t('comments.deleteConfirm')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(comment, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('comments.deleted'));
            },
            onError: (failure) => toast.error(errorText(t, failure, t('comments.deleteError'))),
          })
        }
      />
    </div>
  );
}
