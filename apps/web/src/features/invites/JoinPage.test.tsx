import type { InviteLanding, InviteRegisterResponse } from '@josie/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '../../session/storage';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession, makeUser } from '../../test/fixtures';
import { PENDING_INVITE_KEY } from './pendingInvite';
import { renderInviteJourney } from './testRoutes';

const CODE = 'Xk3v9QmZt0bLr8WcYp2aFg';
const CURATOR_ID = '0190a0b0-0000-7000-8000-0000000000c1';

const landing: InviteLanding = {
  _id: '0190a0b0-0000-7000-8000-0000000000e1',
  inviteText: 'Come listen with me: new finds every week.',
  code: CODE,
  isActive: true,
  createdAt: '2024-05-01T10:00:00.000Z',
  expiresAt: '2024-05-31T10:00:00.000Z',
  creator: { _id: CURATOR_ID, name: 'Noa Bar', avatar: '/media/avatars/noa.webp' },
};

const landingRoute = (reply = () => json(200, { invite: landing })): StubRoute => ({
  method: 'GET',
  path: `/api/invites/code/${CODE}`,
  reply,
});

const joined: InviteRegisterResponse = {
  success: true,
  curator: { _id: CURATOR_ID, name: 'Noa Bar' },
  following: [CURATOR_ID],
};

const registerRoute = (reply = () => json(200, joined)): StubRoute => ({
  method: 'POST',
  path: `/api/invites/code/${CODE}/register`,
  reply,
});

const storedPending = () => JSON.parse(window.localStorage.getItem(PENDING_INVITE_KEY) ?? 'null');

afterEach(() => {
  vi.useRealTimers();
  // Sonner replays undismissed toasts to the next test's toaster.
  toast.dismiss();
});

describe('invite landing page (docs/product/routes-and-roles.md#invites, docs/product/rules-and-limits.md#invites, docs/product/messages.md#invites)', () => {
  it('shows a spinner, then the curator, the Curator label and the message', async () => {
    let answer: (() => void) | undefined;
    renderInviteJourney(`/join/${CODE}`, {
      routes: [
        landingRoute(
          () =>
            new Promise<Response>((resolve) => {
              answer = () =>
                resolve(
                  new Response(JSON.stringify({ invite: landing }), {
                    headers: { 'content-type': 'application/json' },
                  }),
                );
            }) as unknown as ReturnType<typeof json>,
        ),
      ],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer?.());
    expect(await screen.findByRole('heading', { level: 1, name: 'Noa Bar' })).toBeInTheDocument();
    expect(screen.getByText('Curator')).toBeInTheDocument();
    expect(screen.getByText('Come listen with me: new finds every week.')).toHaveAttribute('dir', 'auto');
    const line = screen.getByText(
      (_, element) => element?.tagName === 'P' && /invited you/.test(element.textContent ?? ''),
    );
    expect(line).toHaveTextContent('Noa Bar invited you to join Josie.');
    // The name is people's own text: isolated, so a Hebrew name keeps the English sentence in order.
    expect(line.querySelector('bdi')).toHaveTextContent('Noa Bar');
    expect(screen.getByText("You're invited")).toBeInTheDocument();
  });

  it('offers Spotify (disabled when not configured), email sign-up and log in when signed out', async () => {
    renderInviteJourney(`/join/${CODE}`, { routes: [landingRoute()] });
    const spotify = await screen.findByRole('button', { name: 'Join with Spotify' });
    await waitFor(() =>
      expect(spotify).toHaveAccessibleDescription('Spotify sign-in is not configured on this server'),
    );
    expect(spotify).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign up with email' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Accept Invite' })).not.toBeInTheDocument();
  });

  it('stores the pending invite and leaves for Spotify sign-in when it is configured', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    const { user } = renderInviteJourney(`/join/${CODE}`, {
      routes: [
        landingRoute(),
        {
          method: 'GET',
          path: '/api/auth/providers',
          reply: () => json(200, { spotify: true, google: false }),
        },
      ],
    });
    const spotify = await screen.findByRole('button', { name: 'Join with Spotify' });
    await waitFor(() => expect(spotify).toBeEnabled());
    const before = Date.now();
    await user.click(spotify);
    expect(assign).toHaveBeenCalledWith('/api/auth/spotify');
    const pending = storedPending();
    expect(pending).toMatchObject({ code: CODE, curatorId: CURATOR_ID });
    expect(pending.timestamp).toBeGreaterThanOrEqual(before);
  });

  it('signs up by email, keeps the invite through "check your email", then joins once at sign-in (docs/decisions/0037-sign-up-without-telling-and-trusted-devices.md)', async () => {
    const session = makeSession('listener', { onboarding: { completed: false, step: 1 } });
    const { user, router, stub } = renderInviteJourney(`/join/${CODE}`, {
      routes: [
        landingRoute(),
        registerRoute(),
        {
          method: 'POST',
          path: '/api/auth/signup',
          reply: () => json(201, { success: true, message: 'Check your email' }),
        },
        { method: 'POST', path: '/api/auth/login', reply: () => json(200, session) },
      ],
    });
    await user.click(await screen.findByRole('link', { name: 'Sign up with email' }));
    expect(router.state.location.pathname).toBe('/signup');
    expect(storedPending()).toMatchObject({ code: CODE, curatorId: CURATOR_ID });

    await user.type(await screen.findByLabelText('Name'), 'Dana Levi');
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-good-password');
    await user.type(screen.getByLabelText('Confirm password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    // Sign-up opens no session, so the invite waits for the sign-in.
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(stub.calls('POST', `/api/invites/code/${CODE}/register`)).toHaveLength(0);
    expect(storedPending()).toMatchObject({ code: CODE, curatorId: CURATOR_ID });

    await user.click(screen.getByRole('link', { name: 'Go to log in' }));
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Welcome! You are now following Noa Bar')).toBeInTheDocument();
    expect(stub.calls('POST', `/api/invites/code/${CODE}/register`)).toHaveLength(1);
    expect(stub.calls('POST', `/api/invites/code/${CODE}/register`)[0]?.headers.get('authorization')).toBe(
      `Bearer ${session.token}`,
    );
    expect(window.localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.following).toEqual([CURATOR_ID]);
  });

  it('logs in, then joins once and goes home', async () => {
    const session = makeSession('listener');
    const { user, router, stub } = renderInviteJourney(`/join/${CODE}`, {
      routes: [
        landingRoute(),
        registerRoute(),
        { method: 'POST', path: '/api/auth/login', reply: () => json(200, session) },
      ],
    });
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    expect(storedPending()).toMatchObject({ code: CODE });
    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Welcome! You are now following Noa Bar')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stub.calls('POST', `/api/invites/code/${CODE}/register`)).toHaveLength(1);
    expect(window.localStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
  });

  it('accepts when signed in: registers the user, updates following, welcomes and goes to /', async () => {
    const session = makeSession('listener', { following: ['someone-else'] });
    const { user, router, stub } = renderInviteJourney(`/join/${CODE}`, {
      session,
      routes: [
        landingRoute(),
        registerRoute(() => json(200, { ...joined, following: ['someone-else', CURATOR_ID] })),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Invite' }));
    expect(await screen.findByText('Welcome! You are now following Noa Bar')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stub.calls('POST', `/api/invites/code/${CODE}/register`)[0]?.body).toEqual({
      userId: session.user.id,
    });
    const stored = readStoredSession();
    expect(stored.status === 'valid' && stored.session.user.following).toEqual(['someone-else', CURATOR_ID]);
    expect(screen.queryByRole('button', { name: 'Join with Spotify' })).not.toBeInTheDocument();
    expect(stub.calls('GET', '/api/auth/providers')).toHaveLength(0);
  });

  it('says the invite was already used and goes to / after 2000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = renderInviteJourney(`/join/${CODE}`, {
      session: makeSession('listener'),
      routes: [
        landingRoute(),
        registerRoute(() =>
          json(409, { message: 'User has already used this invite', code: 'INVITE_ALREADY_USED' }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Invite' }));
    expect(await screen.findByText('You have already joined using this invite link')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/join/${CODE}`);
    expect(screen.getByRole('button', { name: 'Accept Invite' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe(`/join/${CODE}`);
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    [json(500, { message: 'Database unavailable', code: 'INTERNAL_ERROR' }), 'Failed to accept invite'],
    [
      json(503, { message: 'Server words', code: 'SERVICE_UNAVAILABLE' }),
      'The service is unavailable right now. Please try again later.',
    ],
    [json(502, {}), 'Failed to accept invite'],
    [
      json(410, { message: 'This invite link is invalid or has expired', code: 'GONE' }),
      'This invite link is invalid or has expired',
    ],
  ])("shows the code's text, else the fallback, when accepting fails", async (reply, expected) => {
    const { user, router } = renderInviteJourney(`/join/${CODE}`, {
      session: makeSession('listener'),
      routes: [landingRoute(), registerRoute(() => reply)],
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Invite' }));
    expect(await screen.findByText(expected)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/join/${CODE}`);
    expect(screen.getByRole('button', { name: 'Accept Invite' })).toBeEnabled();
  });

  it.each([
    [
      json(410, { message: 'This invite link is invalid or has expired', code: 'GONE' }),
      'This invite link is invalid or has expired',
    ],
    [
      json(404, { message: 'This invite link is invalid or has expired', code: 'NOT_FOUND' }),
      'This invite link is invalid or has expired',
    ],
    [
      json(503, { message: 'Server words', code: 'SERVICE_UNAVAILABLE' }),
      'The service is unavailable right now. Please try again later.',
    ],
    [json(503, {}), 'This invite link is invalid or has expired'],
  ])('shows the Oops panel with Go Home when the invite cannot load', async (reply, expected) => {
    const { user, router } = renderInviteJourney(`/join/${CODE}`, { routes: [landingRoute(() => reply)] });
    // A server failure is retried once (after a second) before the page gives up.
    expect(await screen.findByRole('heading', { name: 'Oops!' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(expected);
    await user.click(screen.getByRole('link', { name: 'Go Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    [
      'en',
      'Your invite',
      'This is what the people you invite see.',
      'Manage invites',
      /invited you|You're invited/,
    ],
    ['he', 'ההזמנה שלכם', 'כך יראו את ההזמנה האנשים שתזמינו.', 'ניהול הזמנות', /הוזמנתם|קיבלתם הזמנה/],
  ] as const)(
    'shows its own curator their invite as theirs, not "You\'re invited", with a link to manage invites (%s)',
    async (language, eyebrow, preview, manage, invited) => {
      window.localStorage.setItem('i18nextLng', language);
      renderInviteJourney(`/join/${CODE}`, {
        flags: { language_select: 'true' },
        session: {
          token: 'token-curator',
          user: makeUser({ id: CURATOR_ID, _id: CURATOR_ID, role: 'curator' }),
        },
        routes: [landingRoute()],
      });
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', language));
      expect(await screen.findByRole('link', { name: manage })).toHaveAttribute('href', '/invites');
      expect(screen.getByText(eyebrow)).toBeInTheDocument();
      expect(screen.getByText(preview)).toBeInTheDocument();
      expect(screen.queryByText(invited)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Accept Invite|קבלת ההזמנה/ })).not.toBeInTheDocument();
    },
  );

  it('is in Hebrew when the language is Hebrew', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    renderInviteJourney(`/join/${CODE}`, {
      flags: { language_select: 'true' },
      routes: [landingRoute()],
    });
    expect(await screen.findByRole('button', { name: 'הצטרפות עם Spotify' })).toBeInTheDocument();
    expect(screen.getByText('אוצר')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'הרשמה עם אימייל' })).toBeInTheDocument();
  });
});
