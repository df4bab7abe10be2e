import { ERROR_CODES } from '@josie/contract';
import { BellOff, BellRing, CircleCheck, Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast';
import { PushPermissionError } from './pushClient';
import type { PushDevice } from './usePushDevice';

/**
 * The message of a failed attempt to turn push on in this browser; a push service the server does not send
 * to (400 `PUSH_SERVICE_NOT_ALLOWED`, docs/decisions/0036-media-limits-and-provenance.md) says so.
 */
export function pushErrorKey(error: unknown) {
  if (error instanceof PushPermissionError) {
    return error.reason === 'denied' ? ('pwa.push.blocked' as const) : ('pwa.push.dismissed' as const);
  }
  if (error instanceof ApiError && error.code === ERROR_CODES.PUSH_SERVICE_NOT_ALLOWED) {
    return 'errors.api.PUSH_SERVICE_NOT_ALLOWED' as const;
  }
  return 'pwa.push.enableFailed' as const;
}

/**
 * Under the account's push switch (docs/product/routes-and-roles.md#account;
 * docs/product/rules-and-limits.md#notifications-and-install): whether this browser receives the
 * notifications the switch allows, and a button to turn them on here when it does not yet. Nothing while the
 * switch is off or the state is being read.
 */
export function PushDeviceNote({ enabled, device }: { enabled: boolean; device: PushDevice }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!enabled || device.state === 'checking') return null;

  async function turnOnHere() {
    setBusy(true);
    try {
      if ((await device.enable()) === 'subscribed') toast.success(t('pwa.push.enabled'));
    } catch (error) {
      console.warn('Turning push on in this browser failed', error);
      toast.error(t(pushErrorKey(error)));
    } finally {
      setBusy(false);
    }
  }

  const line = 'flex items-start gap-2 text-sm';
  switch (device.state) {
    case 'subscribed':
      return (
        <p className={`${line} text-emerald-800`}>
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('pwa.push.enabledHere')}
        </p>
      );
    case 'unsupported':
      return (
        <p className={`${line} text-zinc-600`}>
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('pwa.push.unsupported')}
        </p>
      );
    case 'denied':
      return (
        <p className={`${line} text-amber-900`}>
          <BellOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('pwa.push.blocked')}
        </p>
      );
    default:
      return (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-50 px-4 py-3">
          <p className={`${line} text-zinc-800`}>
            <BellRing className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            {t('pwa.push.notHere')}
          </p>
          <Button size="sm" variant="outline" loading={busy} onClick={() => void turnOnHere()}>
            {t('pwa.push.enableHere')}
          </Button>
        </div>
      );
  }
}
