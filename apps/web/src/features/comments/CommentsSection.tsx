import type { Comment, CommentPolicy, CommentThread, Josie } from '@josie/contract';
import { MessageCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCommentsChanged } from '../../realtime/useFeedEvents';
import type { ReturnToState } from '../../session/guards';
import { useSession } from '../../session/SessionProvider';
import { Button, buttonClasses } from '../../ui/Button';
import { LoadError, QueryState } from '../../ui/QueryState';
import { Spinner } from '../../ui/Spinner';
import { type CommentOrder, threadsOf, useComments, usePostComment, useReplies } from './api';
import { CommentBox } from './CommentBox';
import { CommentItem } from './CommentItem';

/**
 * Who may write here, as the page can tell: a visitor is asked to log in (and comes back), an unverified
 * account to verify its email; with comments off nobody writes. Followers-only is the server's to judge (it
 * knows the follows): the box shows, with a note, and a refusal says why.
 */
function useWriting(policy: CommentPolicy) {
  const { user } = useSession();
  if (policy === 'off') return 'closed' as const;
  if (!user) return 'visitor' as const;
  if (!user.emailVerified) return 'unverified' as const;
  return 'writer' as const;
}

/** 'Log in to comment': a link to `/login` that comes back to this page once signed in. */
function LoginToComment() {
  const { t } = useTranslation();
  const location = useLocation();
  const state: ReturnToState = {
    from: { pathname: location.pathname, search: location.search, hash: '#comments' },
  };
  return (
    <Link to="/login" state={state} className={buttonClasses('outline', 'md', 'self-start')}>
      {t('comments.login')}
    </Link>
  );
}

/**
 * A thread: its top comment, its replies (the first three inline; "more replies" loads the whole thread's,
 * oldest first, page by page) and, once asked for, a reply box. A reply to a reply joins this thread.
 */
function Thread({
  thread,
  josieId,
  canReply,
}: {
  thread: CommentThread;
  josieId: string;
  canReply: boolean;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [replyingTo, setReplyingTo] = useState<Comment | null>(null);
  const more = useReplies(thread._id, expanded);
  const post = usePostComment(josieId);
  const loaded = more.data?.pages.flatMap((page) => page.data.replies);
  const replies = expanded && loaded ? loaded : thread.replies;
  const hidden = thread.replyCount - replies.length;
  const onReply = canReply ? setReplyingTo : undefined;
  const replyName = replyingTo?.author?.name || t('comments.unknownAuthor');

  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-xs ring-1 ring-zinc-200">
      <CommentItem comment={thread} josieId={josieId} {...(onReply ? { onReply } : {})} />
      {(replies.length > 0 || replyingTo) && (
        <div className="flex flex-col gap-3 border-s-2 border-zinc-100 ps-4 sm:ms-12">
          {replies.length > 0 && (
            <ul className="flex flex-col gap-3">
              {replies.map((reply) => (
                <li key={reply._id}>
                  <CommentItem comment={reply} josieId={josieId} {...(onReply ? { onReply } : {})} />
                </li>
              ))}
            </ul>
          )}
          {more.isError && (
            <LoadError error={more.error} text={t('comments.repliesError')} retry={() => more.refetch()} />
          )}
          {(hidden > 0 && !expanded) || (expanded && more.hasNextPage) ? (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              loading={more.isFetching}
              onClick={() => (expanded ? void more.fetchNextPage() : setExpanded(true))}
            >
              {expanded ? t('comments.loadMoreReplies') : t('comments.moreReplies', { count: hidden })}
            </Button>
          ) : null}
          {replyingTo && (
            <CommentBox
              label={
                <Trans
                  i18nKey="comments.box.replyLabel"
                  values={{ name: replyName }}
                  components={{ name: <bdi /> }}
                />
              }
              placeholder={t('comments.box.replyPlaceholder')}
              submitLabel={t('comments.box.reply')}
              errorFallback={t('comments.box.postError')}
              autoFocus
              onCancel={() => setReplyingTo(null)}
              onSubmit={async (text) => {
                await post.mutateAsync({ text, parentId: replyingTo._id });
                setReplyingTo(null);
              }}
            />
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The comments under a josie (docs/product/rules-and-limits.md#comments, docs/decisions/0046-comments.md):
 * the count, the threads oldest first (a toggle shows the newest first), "load more", and the box: for a
 * signed-in user with a verified email, else 'Log in to comment' or 'verify your email'; nothing to write
 * when the creator turned comments off. Rendered by the josie page only while the `comments` flag is on.
 */
export default function CommentsSection({
  josie,
}: {
  josie: Pick<Josie, '_id' | 'commentCount' | 'commentPolicy'>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [order, setOrder] = useState<CommentOrder>('oldest');
  const query = useComments(josie._id, order);
  // Opened at `#comments` (a comment or reply notification, decision 0049; the way back from signing in):
  // the section loads after the josie, so the browser could not scroll to it. Once, when the list is in.
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const listed = query.isSuccess;
  useEffect(() => {
    if (listed && hash === '#comments') sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [listed, hash]);
  const post = usePostComment(josie._id);
  // The list's answer is fresher than the josie's (it follows every write); the josie's until it comes.
  const first = query.data?.pages[0]?.data;
  const count = first?.commentCount ?? josie.commentCount;
  const policy = first?.policy ?? josie.commentPolicy;
  const writing = useWriting(policy);
  const threads = threadsOf(query.data);
  // Live: the count others' comments brought, shown as "N new comments" until the reader asks for them, so
  // the list never moves under their eyes; visitors too, on a socket that may only watch (decision 0049).
  const [live, setLive] = useState<number | null>(null);
  useCommentsChanged(josie._id, (event) => setLive(event.commentCount));
  const arrived = live !== null && !query.isFetching ? live - count : 0;

  return (
    <section
      ref={sectionRef}
      id="comments"
      aria-labelledby={titleId}
      className="flex scroll-mt-4 flex-col gap-4"
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="flex items-center gap-2 text-2xl font-bold text-zinc-950">
          <MessageCircle className="size-6" aria-hidden="true" />
          {t('comments.title')}
          <span className="text-base font-medium text-zinc-600">({t('comments.count', { count })})</span>
        </h2>
        <fieldset className="flex gap-1 rounded-full bg-zinc-100 p-1">
          <legend className="sr-only">{t('comments.order.label')}</legend>
          {(['oldest', 'newest'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={order === value}
              onClick={() => setOrder(value)}
              className="rounded-full px-3 py-1 text-sm font-medium text-zinc-700 aria-pressed:bg-white aria-pressed:text-zinc-950 aria-pressed:shadow-xs focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t(`comments.order.${value}`)}
            </button>
          ))}
        </fieldset>
      </header>

      {writing === 'closed' && <p className="text-sm text-zinc-600">{t('comments.closed')}</p>}
      {writing === 'visitor' && <LoginToComment />}
      {writing === 'unverified' && <p className="text-sm text-zinc-700">{t('comments.verify')}</p>}
      {writing === 'writer' && (
        <div className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-xs ring-1 ring-zinc-200">
          {policy === 'followers' && <p className="text-sm text-zinc-600">{t('comments.followersOnly')}</p>}
          <CommentBox
            label={t('comments.box.label')}
            placeholder={t('comments.box.placeholder')}
            submitLabel={t('comments.box.submit')}
            errorFallback={t('comments.box.postError')}
            onSubmit={(text) => post.mutateAsync({ text })}
          />
        </div>
      )}

      <div aria-live="polite" className="empty:hidden">
        {arrived > 0 && (
          <Button variant="outline" size="sm" className="self-start" onClick={() => void query.refetch()}>
            {t('comments.arrived', { count: arrived })}
          </Button>
        )}
      </div>

      <QueryState
        query={query}
        errorText={t('comments.loadError')}
        loadingLabel={t('comments.loading')}
        loadingSize="section"
        isEmpty={(data) => threadsOf(data).length === 0}
        empty={<p className="text-sm text-zinc-600">{t('comments.empty')}</p>}
      >
        {() => (
          <ul className="flex flex-col gap-3">
            {threads.map((thread) => (
              <Thread key={thread._id} thread={thread} josieId={josie._id} canReply={writing === 'writer'} />
            ))}
          </ul>
        )}
      </QueryState>
      {query.isFetchingNextPage && <Spinner />}
      {query.hasNextPage && !query.isFetchingNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void query.fetchNextPage()}>
          {t('comments.loadMore')}
        </Button>
      )}
    </section>
  );
}
