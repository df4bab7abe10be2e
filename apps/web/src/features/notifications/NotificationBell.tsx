import { UNREAD_COUNT_DISPLAY_MAX } from '@josie/contract';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadAllTexts } from '../../i18n';
import { lazyComponent } from '../../lib/lazyPage';
import { IconButton } from '../../ui/IconButton';
import { Spinner } from '../../ui/Spinner';
import { useUnreadCount } from './unreadCount';

/** The dropdown's contents: loaded with the first opening, with the texts of the later areas. */
const NotificationsDropdown = lazyComponent(() => import('./NotificationsDropdown'), {
  with: loadAllTexts,
  failed: <DropdownUnavailable />,
  fallback: (
    <div className="flex justify-center p-6">
      <Spinner />
    </div>
  ),
});

/** The dropdown when its code could not be loaded: says so, with a link to the notifications page. */
function DropdownUnavailable() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-2 p-4 text-sm text-zinc-800">
      <p role="alert">{t('nav.notificationsUnavailable')}</p>
      <Link to="/notifications" className="font-semibold text-zinc-950 underline">
        {t('nav.notificationsPage')}
      </Link>
    </div>
  );
}

/**
 * The socket's events for the bell (`live.ts`), loaded after the header's first render with the socket's
 * code, which the first pages do not carry (docs/performance.md). Should it fail to load even after the
 * retries, the bell stays without live updates (its count is right on the next page) rather than failing
 * the page.
 */
const NotificationsLive = lazyComponent(() => import('./live'), { fallback: null });

/**
 * What the bell's badge shows for `count` unread notifications: nothing for 0, the number up to
 * {@link UNREAD_COUNT_DISPLAY_MAX}, "99+" above (docs/decisions/0024-notifications-centre.md).
 */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_COUNT_DISPLAY_MAX ? `${UNREAD_COUNT_DISPLAY_MAX}+` : String(count);
}

/**
 * The header's bell for a signed-in user (docs/decisions/0024-notifications-centre.md): a 44 px button whose
 * name says the unread count ("Notifications, 3 unread"), a badge with the count (capped at "99+"), and a
 * polite live region that announces the count when it changes while the page is open (a new notification
 * on the socket, entries read here or elsewhere). The count follows the socket's events without a reload
 * (`live.ts`, loaded after the first render). The button opens a disclosure with the latest entries, loaded on first opening
 * (`NotificationsDropdown`); Escape (focus back on the bell), a click outside, tabbing out or following an
 * entry closes it.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { data: count = 0, isSuccess } = useUnreadCount(true);
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<number | null>(null);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The first count read is not news: only later changes are announced.
  useEffect(() => {
    if (!isSuccess) return;
    if (previous.current !== null && previous.current !== count) {
      setAnnouncement(t('nav.notificationsAnnouncement', { count }));
    }
    previous.current = count;
  }, [count, isSuccess, t]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const outside = (event: Event) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  const badge = unreadBadgeText(count);
  return (
    <div ref={containerRef}>
      <IconButton
        ref={buttonRef}
        label={count > 0 ? t('nav.notificationsUnread', { count }) : t('nav.notifications')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative border border-zinc-200 bg-white shadow-xs"
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge && (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -end-1 -top-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </IconButton>
      <NotificationsLive />
      <span role="status" aria-live="polite" className="sr-only">
        {announcement}
      </span>
      <div
        id={panelId}
        hidden={!open}
        className="absolute end-4 top-full mt-2 w-[min(26rem,calc(100vw-2rem))] overflow-hidden rounded-3xl border border-zinc-200 bg-white shadow-2xl shadow-zinc-900/15"
      >
        {open && <NotificationsDropdown onClose={() => setOpen(false)} />}
      </div>
    </div>
  );
}
