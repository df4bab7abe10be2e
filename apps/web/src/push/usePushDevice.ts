import { useCallback, useEffect, useState } from 'react';
import {
  type PushDeviceState,
  pushDeviceState,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './pushClient';

/** What {@link usePushDevice} answers. */
export interface PushDevice {
  /** Where push stands in this browser; 'checking' until known. */
  state: PushDeviceState | 'checking';
  /**
   * Asks for permission if needed and subscribes this browser (call from a click).
   * @throws PushPermissionError (blocked or dismissed), ApiError, DOMException, as {@link
   * subscribeThisBrowser}.
   */
  enable(): Promise<'unsupported' | 'subscribed'>;
  /** Unsubscribes this browser (server and push service). */
  disable(): Promise<void>;
}

/** This browser's push state for the account's Notifications tab, with the actions that change it. */
export function usePushDevice(): PushDevice {
  const [state, setState] = useState<PushDevice['state']>('checking');

  const refresh = useCallback(async () => {
    try {
      setState(await pushDeviceState());
    } catch (error) {
      console.warn('Push state could not be read', error);
      setState('unsupported');
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const enable = useCallback(async () => {
    try {
      return await subscribeThisBrowser();
    } finally {
      await refresh();
    }
  }, [refresh]);

  const disable = useCallback(async () => {
    try {
      await unsubscribeThisBrowser();
    } finally {
      await refresh();
    }
  }, [refresh]);

  return { state, enable, disable };
}
