import { vi } from 'vitest';

/** A VAPID public key of the right shape (65-byte uncompressed P-256 point, base64url). */
export const TEST_VAPID_KEY = `BA${'A'.repeat(85)}`;

/** A fake `PushSubscription`. */
export class FakeSubscription {
  readonly options: { applicationServerKey: ArrayBuffer };
  readonly unsubscribe = vi.fn(async () => {
    this.onUnsubscribe(this);
    return true;
  });

  constructor(
    readonly endpoint: string,
    key: Uint8Array,
    private readonly onUnsubscribe: (s: FakeSubscription) => void,
  ) {
    this.options = { applicationServerKey: key.slice().buffer };
  }

  toJSON() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
    };
  }
}

/** Options of {@link installFakePush}. */
export interface FakePushOptions {
  /** `Notification.permission` at the start. */
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  /** A subscription the browser already has, made with this key. */
  existingKey?: Uint8Array;
}

/**
 * Installs a browser with Web Push for a test (happy-dom has none): `Notification` with its permission,
 * `PushManager`, and `navigator.serviceWorker` whose registration's push manager keeps one subscription.
 * `vi.unstubAllGlobals()` (test setup) removes the globals; call `restore()` for the service worker.
 */
export function installFakePush(opts: FakePushOptions = {}) {
  let permission: NotificationPermission = opts.permission ?? 'default';
  let current: FakeSubscription | null = null;
  let created = 0;
  const drop = (s: FakeSubscription) => {
    if (current === s) current = null;
  };
  if (opts.existingKey)
    current = new FakeSubscription('https://push.example.test/old', opts.existingKey, drop);

  const requestPermission = vi.fn(async () => {
    permission = opts.answer ?? 'granted';
    return permission;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', class {});
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
      created += 1;
      current = new FakeSubscription(
        `https://push.example.test/sub/${created}`,
        options.applicationServerKey,
        drop,
      );
      return current;
    }),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return {
    pushManager,
    requestPermission,
    current: () => current,
    restore() {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    },
  };
}
