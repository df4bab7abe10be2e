import type { LinkResolverStatus } from '@josie/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const admin = makeSession('admin');

const STATUS: LinkResolverStatus = {
  sources: [
    { name: 'odesli', configured: true },
    { name: 'spotify', configured: false },
    { name: 'youtube', configured: true },
  ],
  lastSuccessAt: '2026-11-27T03:00:00.000Z',
  lastFailureAt: null,
  lastError: 'Odesli answered 429',
  failedItems: 1,
  pendingItems: 2,
  resolvedItems: 14,
};

const route = (status: LinkResolverStatus | null) => ({
  method: 'GET',
  path: '/api/admin/link-resolver',
  reply: () =>
    status ? json(200, { resolver: status }) : json(500, { message: 'Broken', code: 'INTERNAL_ERROR' }),
});

describe("the resolver's state on /admin/system (docs/decisions/0022-listen-on-your-own-service.md)", () => {
  beforeAll(async () => {
    await import('./AdminSystemPage');
  }, 60_000);
  afterEach(() => localStorage.removeItem('i18nextLng'));

  it('shows the sources, the last success and failure, the last error and the counts', async () => {
    renderApp('/admin/system?tab=links', { session: admin, routes: [route(STATUS)] });
    const panel = await screen.findByRole('tabpanel', {}, { timeout: 5000 });
    expect(await within(panel).findByText('Odesli (song.link)')).toBeInTheDocument();
    const spotify = within(panel).getByText('Spotify').closest('li') as HTMLElement;
    expect(within(spotify).getByText('Not configured')).toBeInTheDocument();
    expect(within(panel).getAllByText('Configured')).toHaveLength(2);
    expect(within(panel).getByText('Never')).toBeInTheDocument();
    expect(within(panel).getByText('Odesli answered 429')).toBeInTheDocument();
    expect(within(panel).getByText('14 items resolved')).toBeInTheDocument();
    expect(within(panel).getByText('2 items waiting')).toBeInTheDocument();
    expect(within(panel).getByText('1 item failed')).toBeInTheDocument();
    expect(within(panel).queryByText(/No source is configured/)).toBeNull();
  });

  it('says readers see only the original links when no source is configured', async () => {
    const none = { ...STATUS, sources: STATUS.sources.map((s) => ({ ...s, configured: false })) };
    renderApp('/admin/system?tab=links', { session: admin, routes: [route(none)] });
    expect(
      await screen.findByText(
        'No source is configured: readers see only the original links.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  });

  it('offers a retry when the state cannot be loaded', async () => {
    renderApp('/admin/system?tab=links', { session: admin, routes: [route(null)] });
    expect(
      await screen.findByText("Couldn't load the resolver's state.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('counts in Hebrew plurals', async () => {
    localStorage.setItem('i18nextLng', 'he');
    renderApp('/admin/system?tab=links', {
      session: admin,
      flags: { language_select: 'true' },
      routes: [route({ ...STATUS, pendingItems: 2 })],
    });
    expect(await screen.findByText('שני פריטים ממתינים', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('14 פריטים אותרו')).toBeInTheDocument();
    if (i18n.language !== 'en') await i18n.changeLanguage('en');
  });
});
