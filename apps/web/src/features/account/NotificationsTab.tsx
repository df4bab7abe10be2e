import type { NotificationSettings, User } from '@josie/contract';
import { Switch } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, serverMessageOr } from '../../api/client';
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

/**
 * The push and email switches (docs/product/routes-and-roles.md#account,
 * docs/product/routes-and-roles.md#api). A change shows at once (optimistic), is sent to `PUT
 * /api/users/me/notification-settings`, and on success the stored user's `notificationSettings` become the
 * server's answer; on failure the switch flips back and a toast says so. While a change is in flight, and for
 * {@link TOGGLE_LOCK_RELEASE_MS} after it settles, further changes are ignored (the switches stay focusable,
 * only marked busy). Turning push on asks this browser's permission and subscribes it, turning it off
 * unsubscribes it (docs/product/rules-and-limits.md#notifications-and-install; `src/push/`).
 */
export function NotificationsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { updateUser } = useSession();
  const baseId = useId();
  const [optimistic, setOptimistic] = useState<Partial<NotificationSettings>>({});
  const [locked, setLocked] = useState(false);
  const lock = useRef(false);
  const releaseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(releaseTimer.current), []);
  const pushDevice = usePushDevice();

  const shown: NotificationSettings = { ...user.notificationSettings, ...optimistic };

  async function change(key: SettingKey, value: boolean) {
    if (lock.current) return;
    lock.current = true;
    setLocked(true);
    setOptimistic({ [key]: value });
    const pushOn = key === 'allowPushNotifications' && value;
    try {
      // Push on: this browser asks for permission and subscribes first; a refusal leaves the switch off.
      if (pushOn) await pushDevice.enable();
      const saved = await updateNotificationSettings({ [key]: value });
      const latest = getSessionSnapshot().user;
      if (latest) updateUser({ ...latest, notificationSettings: saved });
      toast.success(t('account.notifications.saved'));
      if (key === 'allowPushNotifications' && !value) {
        pushDevice.disable().catch((error) => console.warn('Unsubscribing this browser failed', error));
      }
    } catch (error) {
      console.warn('Updating notification settings failed', error);
      toast.error(
        pushOn && !(error instanceof ApiError)
          ? t(pushErrorKey(error))
          : serverMessageOr(error, t('account.notifications.updateFailed')),
      );
    } finally {
      // Success shows the stored user's new settings; failure shows the old ones again.
      setOptimistic({});
      releaseTimer.current = setTimeout(() => {
        lock.current = false;
        setLocked(false);
      }, TOGGLE_LOCK_RELEASE_MS);
    }
  }

  return (
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
                onCheckedChange={(value) => void change(key, value)}
                aria-labelledby={labelId}
                aria-describedby={hintId}
                aria-busy={locked || undefined}
                className={cn(
                  'relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 transition-colors',
                  'bg-zinc-300 data-[state=checked]:bg-brand-600 aria-busy:cursor-wait',
                  focusRing,
                )}
              >
                <Switch.Thumb
                  className={cn(
                    'block size-6 rounded-full bg-white shadow-sm transition-transform',
                    'data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5',
                  )}
                />
              </Switch.Root>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
