import {
  kindReaches,
  mergeNotificationSettings,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_CHANNELS_OF,
  NOTIFICATION_DIGESTS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationDigest,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsUpdateBody,
  type User,
} from '@josie/contract';
import { Switch } from 'radix-ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { cn } from '../../lib/cn';
import { PushDeviceNote, pushErrorKey } from '../../push/PushDeviceNote';
import { usePushDevice } from '../../push/usePushDevice';
import { useSession } from '../../session/SessionProvider';
import { getSessionSnapshot } from '../../session/store';
import { focusRing } from '../../ui/Button';
import { toast } from '../../ui/toast';
import { updateNotificationSettings } from './api';
import { Section } from './Section';

/** How long the switches stay locked after a change settles (docs/product/routes-and-roles.md#account). */
export const TOGGLE_LOCK_RELEASE_MS = 100;

type SettingKey = 'allowPushNotifications' | 'allowEmails';

const SWITCHES: ReadonlyArray<{
  key: SettingKey;
  label: 'account.notifications.push' | 'account.notifications.email';
  hint: 'account.notifications.pushHint' | 'account.notifications.emailHint';
}> = [
  {
    key: 'allowPushNotifications',
    label: 'account.notifications.push',
    hint: 'account.notifications.pushHint',
  },
  { key: 'allowEmails', label: 'account.notifications.email', hint: 'account.notifications.emailHint' },
];

/** The key of a kind's texts under `account.notifications.kinds` (`invite-joined` -> `inviteJoined`). */
function kindKey(kind: NotificationKind) {
  return kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as
    | 'follower'
    | 'inviteJoined'
    | 'josieApproved'
    | 'josieRejected'
    | 'likes'
    | 'newJosie'
    | 'reviewWaiting'
    | 'contactMessage'
    | 'comment'
    | 'reply'
    | 'reportResolved';
}

/** The settings `settings` become once `body` is applied (what the switches show while it is saved). */
function applied(settings: NotificationSettings, body: NotificationSettingsUpdateBody): NotificationSettings {
  const kinds = { ...settings.kinds };
  for (const [kind, switches] of Object.entries(body.kinds ?? {})) {
    kinds[kind as NotificationKind] = { ...kinds[kind as NotificationKind], ...switches };
  }
  return {
    allowPushNotifications: body.allowPushNotifications ?? settings.allowPushNotifications,
    allowEmails: body.allowEmails ?? settings.allowEmails,
    digest: body.digest ?? settings.digest,
    kinds,
  };
}

const switchRoot = cn(
  'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 transition-colors',
  'bg-zinc-300 data-[state=checked]:bg-brand-600 aria-busy:cursor-wait',
  'disabled:cursor-not-allowed disabled:opacity-50',
  focusRing,
);
const switchThumb = cn(
  'block size-6 rounded-full bg-white shadow-sm transition-transform',
  'data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5',
);

/** A grid row of the kinds table: the kind's name, then one column per channel (from 640 px up). */
const kindGrid = 'sm:grid sm:grid-cols-[minmax(0,1fr)_repeat(3,5.5rem)] sm:items-center sm:gap-2';

/**
 * The notification settings (docs/product/routes-and-roles.md#account, docs/decisions/0024-notifications-centre.md):
 *
 * - the spec's two global switches, push and email ("no push at all", "no email at all"); turning push on
 *   asks this browser's permission and subscribes it, turning it off unsubscribes it
 *   (docs/product/rules-and-limits.md#notifications-and-install; `src/push/`);
 * - a table of the kinds the user's role can receive (`kindReaches`) by channel (in app, email, push): a
 *   switch where the kind offers the channel (`NOTIFICATION_CHANNELS_OF`), a dash where it does not; while a
 *   global switch is off, its column's switches are disabled and a note says why. On a phone each kind is a
 *   card with its three labelled switches; from 640 px up, a grid under one row of column names;
 * - the digest of new josies from followed curators (off, daily, weekly), by email.
 *
 * A change shows at once (optimistic), is sent to `PUT /api/users/me/notification-settings` as the one
 * switch changed, and on success the stored user's `notificationSettings` become the server's answer; on
 * failure the switch flips back and a toast says so. While a change is in flight, and for
 * {@link TOGGLE_LOCK_RELEASE_MS} after it settles, further changes are ignored (the controls stay focusable,
 * only marked busy).
 */
export function NotificationsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { updateUser } = useSession();
  const baseId = useId();
  const [optimistic, setOptimistic] = useState<NotificationSettingsUpdateBody | null>(null);
  const [locked, setLocked] = useState(false);
  const lock = useRef(false);
  const releaseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(releaseTimer.current), []);
  const pushDevice = usePushDevice();

  // A stored user from before the kinds existed has only the two switches: the defaults fill the rest.
  const saved = mergeNotificationSettings(user.notificationSettings);
  const shown: NotificationSettings = optimistic ? applied(saved, optimistic) : saved;
  const kinds = NOTIFICATION_KINDS.filter((kind) => kindReaches(kind, user.role));

  async function change(body: NotificationSettingsUpdateBody) {
    if (lock.current) return;
    lock.current = true;
    setLocked(true);
    setOptimistic(body);
    const pushOn = body.allowPushNotifications === true;
    try {
      // Push on: this browser asks for permission and subscribes first; a refusal leaves the switch off.
      if (pushOn) await pushDevice.enable();
      const answer = await updateNotificationSettings(body);
      const latest = getSessionSnapshot().user;
      if (latest) updateUser({ ...latest, notificationSettings: answer });
      toast.success(t('account.notifications.saved'));
      if (body.allowPushNotifications === false) {
        pushDevice.disable().catch((error) => console.warn('Unsubscribing this browser failed', error));
      }
    } catch (error) {
      console.warn('Updating notification settings failed', error);
      toast.error(
        pushOn && !(error instanceof ApiError)
          ? t(pushErrorKey(error))
          : errorText(t, error, t('account.notifications.updateFailed')),
      );
    } finally {
      // Success shows the stored user's new settings; failure shows the old ones again.
      setOptimistic(null);
      releaseTimer.current = setTimeout(() => {
        lock.current = false;
        setLocked(false);
      }, TOGGLE_LOCK_RELEASE_MS);
    }
  }

  const globalOff: Partial<Record<NotificationChannel, boolean>> = {
    email: !shown.allowEmails,
    push: !shown.allowPushNotifications,
  };
  const noteId = (channel: NotificationChannel) => `${baseId}-${channel}-off`;
  const channelLabel = (channel: NotificationChannel) => t(`account.notifications.channels.${channel}`);
  const digestId = `${baseId}-digest`;

  return (
    <div className="flex flex-col gap-6">
      <Section title={t('account.notifications.title')} description={t('account.notifications.lead')}>
        <ul className="flex flex-col divide-y divide-zinc-100">
          {SWITCHES.map(({ key, label, hint }) => {
            const labelId = `${baseId}-${key}-label`;
            const hintId = `${baseId}-${key}-hint`;
            return (
              <li key={key} className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
                <div className="flex min-w-0 flex-col gap-1">
                  <span id={labelId} className="font-medium text-zinc-950">
                    {t(label)}
                  </span>
                  <span id={hintId} className="text-sm text-zinc-600">
                    {t(hint)}
                  </span>
                  {key === 'allowPushNotifications' && (
                    <div className="mt-2">
                      <PushDeviceNote enabled={shown.allowPushNotifications} device={pushDevice} />
                    </div>
                  )}
                </div>
                <Switch.Root
                  checked={shown[key]}
                  onCheckedChange={(value) => void change({ [key]: value })}
                  aria-labelledby={labelId}
                  aria-describedby={hintId}
                  aria-busy={locked || undefined}
                  className={cn(switchRoot, 'mt-0.5')}
                >
                  <Switch.Thumb className={switchThumb} />
                </Switch.Root>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        title={t('account.notifications.kindsTitle')}
        description={t('account.notifications.kindsLead')}
      >
        {(['email', 'push'] as const).map(
          (channel) =>
            globalOff[channel] && (
              <p
                key={channel}
                id={noteId(channel)}
                className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
              >
                {t(
                  channel === 'email'
                    ? 'account.notifications.emailOffNote'
                    : 'account.notifications.pushOffNote',
                )}
              </p>
            ),
        )}
        <div>
          <div
            aria-hidden="true"
            className={cn('hidden border-b border-zinc-100 pb-2 text-sm font-medium text-zinc-600', kindGrid)}
          >
            <span>{t('account.notifications.kind')}</span>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <span key={channel} className="text-center">
                {channelLabel(channel)}
              </span>
            ))}
          </div>
          <ul className="flex flex-col divide-y divide-zinc-100">
            {kinds.map((kind) => {
              const kindLabel = t(`account.notifications.kinds.${kindKey(kind)}`);
              return (
                <li
                  key={kind}
                  data-kind={kind}
                  className={cn('flex flex-col gap-3 py-4 last:pb-0', kindGrid)}
                >
                  <span className="font-medium text-zinc-950">{kindLabel}</span>
                  <div className="grid grid-cols-3 gap-2 sm:contents">
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <ChannelCell key={channel} label={channelLabel(channel)}>
                        {NOTIFICATION_CHANNELS_OF[kind].includes(channel) ? (
                          <Switch.Root
                            checked={shown.kinds[kind][channel]}
                            disabled={globalOff[channel]}
                            onCheckedChange={(value) =>
                              void change({ kinds: { [kind]: { [channel]: value } } })
                            }
                            aria-label={t('account.notifications.switchLabel', {
                              kind: kindLabel,
                              channel: channelLabel(channel),
                            })}
                            aria-describedby={globalOff[channel] ? noteId(channel) : undefined}
                            aria-busy={locked || undefined}
                            className={switchRoot}
                          >
                            <Switch.Thumb className={switchThumb} />
                          </Switch.Root>
                        ) : (
                          <span
                            className="inline-flex h-7 items-center text-zinc-500"
                            title={t('account.notifications.notOffered')}
                          >
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">
                              {t('account.notifications.switchLabel', {
                                kind: kindLabel,
                                channel: channelLabel(channel),
                              })}
                              : {t('account.notifications.notOffered')}
                            </span>
                          </span>
                        )}
                      </ChannelCell>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="flex flex-col gap-2 border-t border-zinc-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={digestId} className="font-medium text-zinc-950">
              {t('account.notifications.digest')}
            </label>
            <span id={`${digestId}-hint`} className="text-sm text-zinc-600">
              {t('account.notifications.digestHint')}
            </span>
          </div>
          <select
            id={digestId}
            value={shown.digest}
            disabled={globalOff.email}
            aria-describedby={[`${digestId}-hint`, globalOff.email ? noteId('email') : ''].join(' ').trim()}
            aria-busy={locked || undefined}
            onChange={(event) => void change({ digest: event.target.value as NotificationDigest })}
            className={cn(
              'min-h-11 rounded-xl border border-zinc-300 bg-white px-3 text-base text-zinc-900 disabled:opacity-50 sm:w-40',
              focusRing,
            )}
          >
            {NOTIFICATION_DIGESTS.map((digest) => (
              <option key={digest} value={digest}>
                {t(`account.notifications.digestOptions.${digest}`)}
              </option>
            ))}
          </select>
        </div>
      </Section>
    </div>
  );
}

/** One channel's cell: its name above the switch on a phone (the column names say it from 640 px up). */
function ChannelCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-1 rounded-2xl bg-zinc-50 py-2 sm:bg-transparent sm:py-0">
      <span aria-hidden="true" className="text-xs text-zinc-600 sm:hidden">
        {label}
      </span>
      {children}
    </div>
  );
}
