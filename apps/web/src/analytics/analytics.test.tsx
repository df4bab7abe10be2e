import { ANALYTICS_EVENT_NAMES } from '@josie/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeJosie } from '../features/josie/testing';
import { i18n } from '../i18n';
import { storeSession } from '../session/storage';
import { installFetchStub, json } from '../test/fetchStub';
import { makeSession } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { track } from './track';

describe('analytics (docs/product/routes-and-roles.md#api, docs/product/differences.md#analytics)', () => {
  it('posts the event with the user properties merged into its params', async () => {
    const stub = installFetchStub([
      { method: 'POST', path: '/api/analytics/events', reply: () => json(202, { success: true }) },
    ]);
    track('publish_josie', { josie_id: 'j1', josie_name: 'Summer' });
    await waitFor(() => expect(stub.requests).toHaveLength(1));
    expect(stub.requests[0]?.body).toEqual({
      name: 'publish_josie',
      params: {
        josie_id: 'j1',
        josie_name: 'Summer',
        user_role: 'listener',
        streaming_connected: false,
        language: 'en',
      },
    });

    storeSession(makeSession('curator', { spotifyId: 'spotify-user' }));
    track('approve_josie');
    await waitFor(() => expect(stub.requests).toHaveLength(2));
    expect(stub.requests[1]?.body).toMatchObject({
      params: { user_role: 'curator', streaming_connected: true },
    });
    expect(stub.requests[1]?.headers.get('authorization')).toBe('Bearer token-curator');
  });

  it('takes only the event names the server accepts (the contract lists them)', () => {
    installFetchStub([
      { method: 'POST', path: '/api/analytics/events', reply: () => json(202, { success: true }) },
    ]);
    // @ts-expect-error `share` is not an event the app sends, so the server would refuse it.
    track('share');
    expect(ANALYTICS_EVENT_NAMES).toEqual([
      'page_view',
      'publish_josie',
      'approve_josie',
      'reject_josie',
      // The curator studio's (docs/decisions/0050-curator-studio-counts.md).
      'josie_view',
      'josie_play',
      'also_on_click',
      'josie_share',
      'follow_source',
    ]);
  });

  it('only logs a failure', async () => {
    const stub = installFetchStub([
      {
        method: 'POST',
        path: '/api/analytics/events',
        reply: () => json(429, { message: 'slow down', code: 'RATE_LIMITED' }),
      },
    ]);
    track('page_view');
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(stub.requests).toHaveLength(1);
  });

  it('sends page_view on every navigation', async () => {
    const { user, stub } = renderApp('/about');
    await waitFor(() => expect(stub.calls('POST', '/api/analytics/events')).toHaveLength(1));
    expect(stub.calls('POST', '/api/analytics/events')[0]?.body).toMatchObject({
      name: 'page_view',
      params: { page_path: '/about' },
    });

    await user.click(await screen.findByRole('link', { name: 'Privacy policy' }));
    await waitFor(() => expect(stub.calls('POST', '/api/analytics/events')).toHaveLength(2));
    const body = stub.calls('POST', '/api/analytics/events')[1]?.body as { params: Record<string, unknown> };
    expect(body.params.page_path).toBe('/privacy');
    expect(body.params.page_title).toBe('Privacy policy · Josie');
    expect(typeof body.params.page_location).toBe('string');
  });

  it("records a josie's page_view under the josie's title once it has loaded, never 'Josie · Josie'", async () => {
    const josie = makeJosie({ title: 'Night drive' });
    const { stub } = renderApp(`/josie/${josie._id}`, {
      routes: [{ method: 'GET', path: `/api/josies/${josie._id}`, reply: () => json(200, josie) }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night drive' })).toBeInTheDocument();
    const named = (name: string) =>
      stub
        .calls('POST', '/api/analytics/events')
        .filter((call) => (call.body as { name: string }).name === name);
    await waitFor(() => expect(named('page_view')).toHaveLength(1));
    expect(named('page_view')[0]?.body).toMatchObject({
      name: 'page_view',
      params: { page_path: `/josie/${josie._id}`, page_title: 'Night drive · Josie' },
    });
    // And one studio view, from a first page with no referrer (decision 0050).
    expect(named('josie_view')).toHaveLength(1);
    expect(named('josie_view')[0]?.body).toMatchObject({
      params: { josie_id: josie._id, surface: 'other', language: 'en' },
    });
    expect(document.title).toBe('Night drive · Josie');
  });

  it.each([
    ['en', 'Josie not found · Josie'],
    ['he', 'הג׳וזי לא נמצאה · Josie'],
  ] as const)('records a missing josie under the not-found title (%s)', async (language, title) => {
    window.localStorage.setItem('i18nextLng', language);
    await i18n.changeLanguage(language);
    const id = '0190a0b0-0000-7000-8000-00000000dead';
    const { stub } = renderApp(`/josie/${id}`, {
      flags: { language_select: 'true' },
      routes: [
        {
          method: 'GET',
          path: `/api/josies/${id}`,
          reply: () => json(404, { message: 'x', code: 'NOT_FOUND' }),
        },
      ],
    });
    await waitFor(() => expect(stub.calls('POST', '/api/analytics/events')).toHaveLength(1));
    expect(stub.calls('POST', '/api/analytics/events')[0]?.body).toMatchObject({
      params: { page_title: title },
    });
    expect(document.title).toBe(title);
  });
});
