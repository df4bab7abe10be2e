import { type AudioItemContent, mergeNotificationSettings } from '@josie/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import heManifestText from '../../public/manifest.he.webmanifest?raw';
import enManifestText from '../../public/manifest.webmanifest?raw';
import { accountRoutes } from '../features/account/testing';
import { fetchStub, json } from '../test/fetchStub';
import { makeSession } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { followDocumentLanguage, MANIFESTS, manifestHref } from './manifest';
import { OfflineBanner } from './OfflineBanner';
import {
  base64urlToBytes,
  PushPermissionError,
  subscribeThisBrowser,
  syncPushSubscription,
  unsubscribeThisBrowser,
} from './pushClient';
import { sharedAudioRef, useSharedAudio } from './shareTarget';
import { installFakePush, TEST_VAPID_KEY } from './testing';
// Loaded up front so the route's lazy import resolves at once.
import '../features/account/AccountPage';

const TRACK = 'https://open.spotify.com/track/4PTG3Z6ehGkBFwjybzWkR8';
const publicKeyRoute = {
  method: 'GET',
  path: '/api/push/public-key',
  reply: () => json(200, { publicKey: TEST_VAPID_KEY }),
};
const subscribeRoute = {
  method: 'POST',
  path: '/api/users/me/push-subscriptions',
  reply: () => json(201, { success: true }),
};
const unsubscribeRoute = {
  method: 'DELETE',
  path: '/api/users/me/push-subscriptions',
  reply: () => json(200, { success: true }),
};

let fake: ReturnType<typeof installFakePush> | null = null;
afterEach(() => {
  fake?.restore();
  fake = null;
});

describe('share target (docs/product/rules-and-limits.md#notifications-and-install)', () => {
  const params = (init: Record<string, string>) => new URLSearchParams(init);

  it('finds a Spotify or YouTube link in whichever field the sharing app used', () => {
    expect(sharedAudioRef(params({ text: `Listen to this! ${TRACK}?si=abc123.` }))).toEqual({
      provider: 'spotify',
      type: 'track',
      id: '4PTG3Z6ehGkBFwjybzWkR8',
      url: TRACK,
    });
    expect(
      sharedAudioRef(params({ title: 'Queen', url: 'https://youtu.be/fJ9rUzIMcZQ?si=x' })),
    ).toMatchObject({
      provider: 'youtube',
      id: 'fJ9rUzIMcZQ',
    });
    expect(sharedAudioRef(params({ text: '(https://music.youtube.com/watch?v=fJ9rUzIMcZQ)' }))).toMatchObject(
      {
        id: 'fJ9rUzIMcZQ',
      },
    );
    // The url field wins over links in the text.
    expect(sharedAudioRef(params({ text: 'https://youtu.be/fJ9rUzIMcZQ', url: TRACK }))?.provider).toBe(
      'spotify',
    );
  });

  it('finds nothing in a share without an audio link', () => {
    expect(sharedAudioRef(params({ text: 'no link here' }))).toBeNull();
    expect(sharedAudioRef(params({ url: 'https://example.com/song' }))).toBeNull();
    expect(
      sharedAudioRef(params({ url: 'https://open.spotify.com/artist/0gxyHStUsqpMadRV0Di1Qt' })),
    ).toBeNull();
  });

  function Probe({ onAdd }: { onAdd: (item: AudioItemContent) => void }) {
    useSharedAudio(onAdd);
    const location = useLocation();
    return <output aria-label="search">{location.search}</output>;
  }

  function renderShare(search: string, onAdd: (item: AudioItemContent) => void) {
    return render(
      <MemoryRouter initialEntries={[`/josie/new${search}`]}>
        <Toaster />
        <Routes>
          <Route path="/josie/new" element={<Probe onAdd={onAdd} />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it("adds the shared link once, with the provider's details, and clears the share from the address", async () => {
    fetchStub().use({
      method: 'GET',
      path: '/api/audio/url-details',
      reply: () =>
        json(200, {
          id: '4PTG3Z6ehGkBFwjybzWkR8',
          type: 'track',
          name: 'Never Gonna Give You Up',
          provider: 'spotify',
          url: TRACK,
          image: 'https://i.scdn.co/image/cover',
          artist: 'Rick Astley',
          artists: [{ name: 'Rick Astley' }],
          images: [{ url: 'https://i.scdn.co/image/cover', width: 640, height: 640 }],
        }),
    });
    const onAdd = vi.fn();
    renderShare(`?title=&text=${encodeURIComponent(`Hear this ${TRACK}?si=1`)}&keep=1`, onAdd);
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd).toHaveBeenCalledWith({
      name: 'Never Gonna Give You Up',
      type: 'track',
      url: TRACK,
      provider: 'spotify',
      image: 'https://i.scdn.co/image/cover',
      id: '4PTG3Z6ehGkBFwjybzWkR8',
      artist: 'Rick Astley',
    });
    expect(screen.getByRole('status', { name: 'search' })).toHaveTextContent(/^\?keep=1$/);
    expect(await screen.findByText("The shared link was added as your josie's audio")).toBeInTheDocument();
    expect(fetchStub().calls('GET', '/api/audio/url-details')[0]?.url.searchParams.get('url')).toBe(TRACK);
  });

  it('adds the bare link when its details cannot be loaded', async () => {
    fetchStub().use({
      method: 'GET',
      path: '/api/audio/url-details',
      reply: () => json(502, { message: 'Spotify is unavailable', code: 'PROVIDER_ERROR' }),
    });
    const onAdd = vi.fn();
    renderShare(`?url=${encodeURIComponent('https://youtu.be/fJ9rUzIMcZQ')}`, onAdd);
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd).toHaveBeenCalledWith({
      name: '',
      type: 'track',
      url: 'https://www.youtube.com/watch?v=fJ9rUzIMcZQ',
      provider: 'youtube',
      image: null,
      id: 'fJ9rUzIMcZQ',
    });
  });

  it('says so when the share has no Spotify or YouTube link', async () => {
    const onAdd = vi.fn();
    renderShare('?text=hello', onAdd);
    expect(
      await screen.findByText('What you shared has no Spotify or YouTube link, so nothing was added.'),
    ).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'search' })).toBeEmptyDOMElement();
  });
});

describe('share target into the josie editor', () => {
  const shareUrl = `/josie/new?title=&text=${encodeURIComponent(`Listen: ${TRACK}?si=x`)}`;
  const editorRoutes = [
    {
      method: 'GET',
      path: '/api/ai/providers',
      reply: () => json(503, { message: 'AI is not configured', code: 'NOT_CONFIGURED' }),
    },
    {
      method: 'GET',
      path: '/api/audio/url-details',
      reply: () => json(502, { message: 'Provider failed', code: 'PROVIDER_ERROR' }),
    },
    {
      // The editor looks the item up on the other services once it is added (its counterparts).
      method: 'GET',
      path: '/api/audio/links',
      reply: () =>
        json(200, {
          data: {
            title: '',
            artistName: '',
            thumbnailUrl: null,
            links: [{ platform: 'spotify', url: TRACK, source: 'original', confidence: null }],
          },
        }),
    },
  ];

  it("opens the curator's new josie with the shared link as its audio item", async () => {
    const { router } = renderApp(shareUrl, { session: makeSession('curator'), routes: editorRoutes });
    expect(await screen.findByText('Track on Spotify')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add audio' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/josie/new');
    expect(router.state.location.search).toBe('');
    await waitFor(() =>
      expect(fetchStub().calls('GET', '/api/audio/links')[0]?.url.searchParams.get('url')).toBe(TRACK),
    );
  });

  it('sends a signed-out visitor to log in, remembering the share', async () => {
    const { router } = renderApp(shareUrl);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: '/josie/new', search: shareUrl.slice('/josie/new'.length), hash: '' },
    });
  });
});

describe('web app manifests', () => {
  const en = JSON.parse(enManifestText);
  const he = JSON.parse(heManifestText);

  it('describe one installable app in each language, with a share target', () => {
    for (const [manifest, lang, dir] of [
      [en, 'en', 'ltr'],
      [he, 'he', 'rtl'],
    ] as const) {
      expect(manifest).toMatchObject({
        id: '/',
        name: 'Josie',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#ff69b4',
        lang,
        dir,
        share_target: {
          action: '/josie/new',
          method: 'GET',
          params: { title: 'title', text: 'text', url: 'url' },
        },
      });
      const icons = manifest.icons as { sizes: string; purpose: string }[];
      for (const sizes of ['192x192', '512x512']) {
        expect(icons).toContainEqual(expect.objectContaining({ sizes, purpose: 'any' }));
        expect(icons).toContainEqual(expect.objectContaining({ sizes, purpose: 'maskable' }));
      }
    }
    expect(he.shortcuts[0].name).toBe('ג׳וזי חדשה');
  });

  it('links the manifest of the interface language', () => {
    document.head.innerHTML = `<link rel="manifest" href="${MANIFESTS.en}">`;
    const link = document.querySelector('link[rel="manifest"]')!;
    const stop = followDocumentLanguage();
    document.documentElement.lang = 'he';
    return waitFor(() => expect(link.getAttribute('href')).toBe(MANIFESTS.he)).then(async () => {
      document.documentElement.lang = 'en';
      await waitFor(() => expect(link.getAttribute('href')).toBe(MANIFESTS.en));
      stop();
      expect(manifestHref('he-IL')).toBe(MANIFESTS.he);
      expect(manifestHref(undefined)).toBe(MANIFESTS.en);
    });
  });
});

describe('push client (docs/product/rules-and-limits.md#notifications-and-install)', () => {
  it('asks for permission, subscribes with the server key and registers the subscription', async () => {
    fake = installFakePush({ permission: 'default', answer: 'granted' });
    fetchStub().use(publicKeyRoute, subscribeRoute);
    expect(await subscribeThisBrowser()).toBe('subscribed');
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
    expect(fake.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: base64urlToBytes(TEST_VAPID_KEY),
    });
    expect(base64urlToBytes(TEST_VAPID_KEY)).toHaveLength(65);
    const [post] = fetchStub().calls('POST', '/api/users/me/push-subscriptions');
    expect(post?.body).toEqual({
      endpoint: 'https://push.example.test/sub/1',
      expirationTime: null,
      keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
    });
  });

  it('renews a subscription made with another server key', async () => {
    fake = installFakePush({ permission: 'granted', existingKey: new Uint8Array(65).fill(9) });
    const old = fake.current()!;
    fetchStub().use(publicKeyRoute, subscribeRoute);
    await subscribeThisBrowser();
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(fake.current()?.endpoint).toBe('https://push.example.test/sub/1');
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it('refuses when notifications are blocked or the prompt is dismissed, without subscribing', async () => {
    fake = installFakePush({ permission: 'denied' });
    await expect(subscribeThisBrowser()).rejects.toEqual(new PushPermissionError('denied'));
    fake.restore();
    fake = installFakePush({ permission: 'default', answer: 'default' });
    await expect(subscribeThisBrowser()).rejects.toMatchObject({ reason: 'dismissed' });
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('answers unsupported where the browser has no Web Push', async () => {
    expect(await subscribeThisBrowser()).toBe('unsupported');
  });

  it('unsubscribes: tells the server, then ends the subscription at the push service', async () => {
    fake = installFakePush({ permission: 'granted', existingKey: base64urlToBytes(TEST_VAPID_KEY) });
    const subscription = fake.current()!;
    fetchStub().use(unsubscribeRoute);
    await unsubscribeThisBrowser();
    expect(fetchStub().calls('DELETE', '/api/users/me/push-subscriptions')[0]?.body).toEqual({
      endpoint: 'https://push.example.test/old',
    });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('syncs without prompting: re-registers when allowed, ends the subscription when signed out', async () => {
    fake = installFakePush({ permission: 'default' });
    await syncPushSubscription({ allowPushNotifications: true });
    expect(fake.requestPermission).not.toHaveBeenCalled();
    fake.restore();

    fake = installFakePush({ permission: 'granted', existingKey: base64urlToBytes(TEST_VAPID_KEY) });
    fetchStub().use(publicKeyRoute, subscribeRoute);
    await syncPushSubscription({ allowPushNotifications: true });
    expect(fetchStub().calls('POST', '/api/users/me/push-subscriptions')).toHaveLength(1);

    const subscription = fake.current()!;
    await syncPushSubscription(null);
    expect(subscription.unsubscribe).toHaveBeenCalled();
    // Signed out: nothing to tell the server (no session).
    expect(fetchStub().calls('DELETE', '/api/users/me/push-subscriptions')).toHaveLength(0);
  });
});

describe('push switch of the account page', () => {
  const settingsRoute = (value: boolean) => ({
    method: 'PUT',
    path: '/api/users/me/notification-settings',
    reply: () =>
      json(200, { data: mergeNotificationSettings({ allowPushNotifications: value, allowEmails: true }) }),
  });

  it('turning push on asks permission and subscribes this browser before saving the switch', async () => {
    fake = installFakePush({ permission: 'default', answer: 'granted' });
    const session = makeSession('listener', {
      notificationSettings: mergeNotificationSettings({ allowPushNotifications: false, allowEmails: true }),
    });
    const { user, stub } = renderApp('/account?tab=notifications', {
      session,
      routes: [publicKeyRoute, subscribeRoute, settingsRoute(true), ...accountRoutes(session.user)],
    });
    const push = await screen.findByRole('switch', { name: 'Push notifications' });
    await user.click(push);
    expect(await screen.findByText('This browser receives your push notifications.')).toBeInTheDocument();
    expect(fake.requestPermission).toHaveBeenCalled();
    expect(stub.calls('POST', '/api/users/me/push-subscriptions')).toHaveLength(1);
    expect(stub.calls('PUT', '/api/users/me/notification-settings')[0]?.body).toEqual({
      allowPushNotifications: true,
    });
    expect(push).toBeChecked();
  });

  it('keeps push off and says why when notifications are blocked in this browser', async () => {
    fake = installFakePush({ permission: 'denied' });
    const session = makeSession('listener', {
      notificationSettings: mergeNotificationSettings({ allowPushNotifications: false, allowEmails: true }),
    });
    const { user, stub } = renderApp('/account?tab=notifications', {
      session,
      routes: [...accountRoutes(session.user)],
    });
    const push = await screen.findByRole('switch', { name: 'Push notifications' });
    await user.click(push);
    expect(
      await screen.findAllByText(/Notifications are blocked for Josie in this browser/),
    ).not.toHaveLength(0);
    await waitFor(() => expect(push).not.toBeChecked());
    expect(stub.calls('PUT', '/api/users/me/notification-settings')).toHaveLength(0);
  });

  it('turning push off saves the switch and unsubscribes this browser', async () => {
    fake = installFakePush({ permission: 'granted', existingKey: base64urlToBytes(TEST_VAPID_KEY) });
    const subscription = fake.current()!;
    const session = makeSession('listener');
    const { user, stub } = renderApp('/account?tab=notifications', {
      session,
      routes: [settingsRoute(false), unsubscribeRoute, ...accountRoutes(session.user)],
    });
    expect(await screen.findByText('This browser receives your push notifications.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Push notifications' }));
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalled());
    expect(stub.calls('DELETE', '/api/users/me/push-subscriptions')).toHaveLength(1);
    expect(stub.calls('PUT', '/api/users/me/notification-settings')).toHaveLength(1);
  });

  it('offers to turn push on in a browser that is not subscribed yet', async () => {
    fake = installFakePush({ permission: 'default', answer: 'granted' });
    const session = makeSession('listener');
    const { user, stub } = renderApp('/account?tab=notifications', {
      session,
      routes: [publicKeyRoute, subscribeRoute, ...accountRoutes(session.user)],
    });
    expect(
      await screen.findByText("This browser doesn't receive push notifications yet."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on in this browser' }));
    expect(await screen.findByText('This browser receives your push notifications.')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/users/me/push-subscriptions')).toHaveLength(1);
  });
});

describe('offline notice', () => {
  it('says the app is offline while the browser is, and goes away when it is back', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByText("You're offline")).not.toBeInTheDocument();
    online.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText("You're offline")).not.toBeInTheDocument();
    online.mockRestore();
  });
});
