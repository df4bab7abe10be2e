import { useQuery } from '@tanstack/react-query';
import { Mail, MessageSquareText, Newspaper } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { Avatar } from '../../ui/Avatar';
import { focusRing } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { Spinner } from '../../ui/Spinner';
import { Card, Skeleton } from './AdminPage';
import { adminKeys, fetchMessages } from './queries';

/** A section heading with an icon and a count. */
function SectionTitle({
  id,
  icon,
  title,
  count,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  count: number;
}) {
  return (
    <h3 id={id} className="flex items-center gap-2 text-lg font-semibold text-zinc-950">
      <span className="inline-flex size-9 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
        {icon}
      </span>
      {title}
      <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-semibold text-zinc-700 tabular-nums">
        {count}
      </span>
    </h3>
  );
}

/**
 * The "Messages" tab (docs/product/differences.md#placeholders-that-work): messages sent from `/contact` and
 * the newsletter subscribers, newest first as `GET /api/admin/messages` answers them, each with its date.
 * Loads on first opening.
 */
export function MessagesTab() {
  const { t, i18n } = useTranslation();
  const contactId = useId();
  const newsletterId = useId();
  const messages = useQuery({ queryKey: adminKeys.messages, queryFn: fetchMessages });
  const lang = i18n.language;

  if (messages.isPending) {
    return (
      <div className="grid gap-5 lg:grid-cols-[1fr_22rem]">
        <Spinner className="sr-only" />
        <Card as="div" className="flex flex-col gap-4">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </Card>
        <Card as="div" className="flex flex-col gap-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </Card>
      </div>
    );
  }
  if (messages.isError) {
    return <ErrorBox message={t('admin.messages.loadError')} onRetry={() => void messages.refetch()} />;
  }
  const { contactMessages, newsletterSubscribers } = messages.data;

  return (
    <div className="grid items-start gap-5 lg:grid-cols-[1fr_22rem]">
      <Card aria-labelledby={contactId} className="flex flex-col gap-4">
        <SectionTitle
          id={contactId}
          icon={<MessageSquareText className="size-5" aria-hidden="true" />}
          title={t('admin.messages.contact')}
          count={contactMessages.length}
        />
        {contactMessages.length === 0 ? (
          <p className="text-sm text-zinc-600">{t('admin.messages.contactEmpty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {contactMessages.map((message) => (
              <li key={message._id}>
                <article className="flex flex-col gap-3 rounded-2xl bg-zinc-50 p-4 ring-1 ring-zinc-100">
                  <header className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                    <div className="flex min-w-0 items-center gap-3">
                      <Avatar name={message.name} size={36} decorative />
                      <div className="flex min-w-0 flex-col">
                        <h4 className="truncate font-semibold text-zinc-950">
                          {message.email === '' ? (
                            t('admin.messages.deletedSender')
                          ) : (
                            <bdi>{message.name}</bdi>
                          )}
                        </h4>
                        {/* A deleted account's messages keep no name or email (decision 0025). */}
                        {message.email !== '' && (
                          <a
                            href={`mailto:${message.email}`}
                            aria-label={t('admin.messages.reply', { name: message.name })}
                            className={cn(
                              'inline-flex items-center gap-1 truncate rounded text-sm text-brand-800 hover:underline',
                              focusRing,
                            )}
                          >
                            <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                            <span className="truncate" dir="ltr">
                              {message.email}
                            </span>
                          </a>
                        )}
                      </div>
                    </div>
                    <time dateTime={message.createdAt} className="text-sm text-zinc-600">
                      {formatDate(message.createdAt, lang)}
                    </time>
                  </header>
                  <p
                    className="text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-zinc-800"
                    dir="auto"
                  >
                    {message.message}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card aria-labelledby={newsletterId} className="flex flex-col gap-4">
        <SectionTitle
          id={newsletterId}
          icon={<Newspaper className="size-5" aria-hidden="true" />}
          title={t('admin.messages.newsletter')}
          count={newsletterSubscribers.length}
        />
        {newsletterSubscribers.length === 0 ? (
          <p className="text-sm text-zinc-600">{t('admin.messages.newsletterEmpty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-zinc-100">
            {newsletterSubscribers.map((subscriber) => (
              <li key={subscriber._id} className="flex flex-col gap-0.5 py-2.5 first:pt-0 last:pb-0">
                <span className="truncate text-sm font-medium text-zinc-900">
                  <bdi>{subscriber.email}</bdi>
                </span>
                <time dateTime={subscriber.createdAt} className="text-xs text-zinc-600">
                  {t('admin.messages.subscribed', { date: formatDate(subscriber.createdAt, lang) })}
                </time>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
