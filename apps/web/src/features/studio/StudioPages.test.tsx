import { ROUTES } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { makeUserDetail } from '../admin/testData';
import {
  CURATOR_ID,
  JOSIE_ID,
  makeAudience,
  makeBlankOverview,
  makeJosie,
  makeJosieRow,
  makeJosies,
  makeOverview,
  makePlatform,
} from './testData';

const curator = makeSession('curator', { id: CURATOR_ID, _id: CURATOR_ID });
const ON = { studio: 'true' } as const;

function open(
  path: string,
  routes: StubRoute[],
  options: { role?: 'curator' | 'admin' | 'listener'; flags?: object } = {},
) {
  const session = options.role && options.role !== 'curator' ? makeSession(options.role) : curator;
  return renderApp(path, { session, flags: options.flags ?? ON, routes });
}

const overviewRoute = (reply: StubRoute['reply']): StubRoute => ({ ...ROUTES.studioOverview, reply });

// The pages draw charts (recharts) and tables: happy-dom is slow with them on a busy machine.
describe('curator studio (docs/decisions/0050-curator-studio-counts.md)', { timeout: 20_000 }, () => {
  // Compile the lazily loaded pages once up front, so no test's time limit pays for it.
  beforeAll(async () => {
    await Promise.all([
      import('./StudioOverviewPage'),
      import('./StudioJosiesPage'),
      import('./StudioJosiePage'),
      import('./StudioAudiencePage'),
      import('../admin/AdminStudioPage'),
    ]);
  }, 60_000);

  describe('overview', () => {
    it("shows the API's numbers with their change, in one request", async () => {
      const { stub } = open('/studio', [overviewRoute(() => json(200, makeOverview()))]);
      const activity = await screen.findByRole('region', { name: 'Overview' }, { timeout: 10_000 });
      const views = within(activity).getByRole('button', { name: /^Views/ });
      expect(views).toHaveTextContent('1,234');
      expect(views).toHaveAccessibleName('Views 1,234 up 12% from the previous 30 days');
      expect(views).toHaveAttribute('aria-pressed', 'true');
      expect(within(activity).getByRole('button', { name: /^Plays/ })).toHaveAccessibleName(
        'Plays 310 down 23% from the previous 30 days',
      );
      expect(within(activity).getByRole('button', { name: /^Likes/ })).toHaveAccessibleName(
        'Likes 42 no change from the previous 30 days',
      );
      expect(within(activity).getByRole('button', { name: /^Saves/ })).toHaveAccessibleName(
        'Saves 17 up from none in the previous 30 days',
      );
      const followers = screen.getByRole('region', { name: 'Followers' });
      expect(followers).toHaveTextContent('Followers now2,048');
      expect(followers).toHaveTextContent('up 100% from the previous 30 days');
      expect(screen.getByText('Nov 8, 2026 – Dec 7, 2026')).toBeInTheDocument();

      // The chart's numbers as a table: a row per day, every metric a column.
      const chart = screen.getByRole('region', { name: 'Views, per day' });
      const table = within(chart).getByRole('table', { name: 'Every number of the period, per day' });
      expect(within(table).getAllByRole('row')).toHaveLength(8);
      expect(within(table).getByRole('row', { name: /^Dec 1, 2026 100 / })).toBeInTheDocument();
      const toggle = within(chart).getByRole('button', { name: 'Show the numbers as a table' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      // Another card draws its metric.
      await (await import('@testing-library/user-event')).default.click(
        within(activity).getByRole('button', { name: /^Plays/ }),
      );
      expect(await screen.findByRole('region', { name: 'Plays, per day' })).toBeInTheDocument();
      expect(stub.calls('GET', '/api/studio/overview')).toHaveLength(1);
    });

    it('asks again for the period picked, kept in the address', async () => {
      const { stub, user, router } = open('/studio', [
        overviewRoute((req) =>
          json(200, makeOverview((req.url.searchParams.get('period') ?? '30d') as '7d')),
        ),
      ]);
      await screen.findByRole('region', { name: 'Overview' }, { timeout: 10_000 });
      expect(stub.calls('GET', '/api/studio/overview')[0]?.url.searchParams.get('period')).toBe('30d');
      await user.click(screen.getByRole('button', { name: '7 days' }));
      await waitFor(() => expect(stub.calls('GET', '/api/studio/overview')).toHaveLength(2));
      expect(stub.calls('GET', '/api/studio/overview')[1]?.url.searchParams.get('period')).toBe('7d');
      expect(router.state.location.search).toBe('?period=7d');
      expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
      expect(await screen.findByText('Dec 1, 2026 – Dec 7, 2026')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /^Views/ })).toHaveAccessibleName(
          'Views 1,234 up 12% from the previous 7 days',
        ),
      );

      // All time has no previous period: no change is shown.
      await user.click(screen.getByRole('button', { name: 'All time' }));
      await screen.findByText('Since Jan 1, 2026');
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /^Views/ })).toHaveAccessibleName('Views 1,234'),
      );
    });

    it('tells a new curator to publish a josie', async () => {
      open('/studio', [overviewRoute(() => json(200, makeBlankOverview()))]);
      expect(
        await screen.findByText('Publish a josie to see how it does', {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Write a josie' })).toHaveAttribute('href', '/josie/new');
    });

    it('shows the numbers of a curator quiet in the period but counted before', async () => {
      // Nothing in the last 7 days nor the 7 before, no follower: still a curator with a history.
      open('/studio?period=7d', [
        overviewRoute(() => json(200, { ...makeBlankOverview(), firstDay: '2026-09-01' })),
      ]);
      expect(await screen.findByText('Followers now', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByText('Publish a josie to see how it does')).toBeNull();
    });

    it('offers to try again after a failure', async () => {
      let fail = true;
      const { user } = open('/studio', [
        overviewRoute(() =>
          fail ? json(500, { message: 'boom', code: 'INTERNAL_ERROR' }) : json(200, makeOverview()),
        ),
      ]);
      const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
      expect(alert).toHaveTextContent("The studio couldn't be loaded. Please try again.");
      fail = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('region', { name: 'Overview' })).toBeInTheDocument();
    });

    it("refuses another curator's studio (403)", async () => {
      const { stub } = open('/studio?curatorId=someone-else', [
        overviewRoute(() => json(403, { message: 'This is not your studio', code: 'FORBIDDEN' })),
      ]);
      expect(
        await screen.findByText("You can't see this studio", {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(stub.calls('GET', '/api/studio/overview')[0]?.url.searchParams.get('curatorId')).toBe(
        'someone-else',
      );
    });

    it('says the studio is not available while the flag is off, asking nothing, and hides its menu entry', async () => {
      const { stub, user } = open('/studio', [], { flags: { studio: 'false' } });
      expect(
        await screen.findByRole('heading', { name: 'Studio', level: 1 }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(await screen.findByText("The studio isn't available")).toBeInTheDocument();
      expect(stub.requests.filter((r) => r.path.startsWith('/api/studio'))).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(screen.queryByRole('link', { name: 'Studio' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'My Josies' })).toBeInTheDocument();
    });

    it('says so when the server has the studio off (404 FEATURE_DISABLED)', async () => {
      open('/studio', [
        overviewRoute(() => json(404, { message: 'The studio is not available', code: 'FEATURE_DISABLED' })),
      ]);
      expect(
        await screen.findByText("The studio isn't available", {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
    });

    it("lists the studio in a curator's menu while the flag is on", async () => {
      const { user } = open('/studio', [overviewRoute(() => json(200, makeOverview()))]);
      await screen.findByRole('region', { name: 'Overview' }, { timeout: 10_000 });
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(screen.getByRole('link', { name: 'Studio' })).toHaveAttribute('href', '/studio');
    });

    it('downloads the CSV with the session and the period', async () => {
      const { user, stub } = open(
        '/studio?period=90d&curatorId=c-2',
        [
          overviewRoute(() => json(200, makeOverview('90d'))),
          {
            method: 'GET',
            path: '/api/studio/export/overview',
            reply: () => new Response('day,views\n', { headers: { 'content-type': 'text/csv' } }),
          },
        ],
        { role: 'admin' },
      );
      const createObjectURL = vi.fn(() => 'blob:csv');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      await screen.findByRole('region', { name: 'Overview' }, { timeout: 10_000 });
      expect(screen.getByText("You are viewing another curator's studio as an admin.")).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: /^Download CSV\s*: the daily numbers$/ }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const call = stub.calls('GET', '/api/studio/export/overview')[0];
      expect(call?.url.searchParams.get('period')).toBe('90d');
      expect(call?.url.searchParams.get('curatorId')).toBe('c-2');
      expect(call?.headers.get('authorization')).toBe('Bearer token-admin');
      click.mockRestore();
    });

    it('renders in Hebrew, right to left, with Hebrew numbers and dates', async () => {
      localStorage.setItem('i18nextLng', 'he');
      await i18n.changeLanguage('he');
      open('/studio', [overviewRoute(() => json(200, makeOverview()))], {
        flags: { ...ON, language_select: 'true' },
      });
      const activity = await screen.findByRole('region', { name: 'סקירה' }, { timeout: 10_000 });
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(within(activity).getByRole('button', { name: /^צפיות/ })).toHaveAccessibleName(
        'צפיות 1,234 עלייה של 12% לעומת 30 הימים הקודמים',
      );
      expect(screen.getByRole('button', { name: '30 ימים' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('link', { name: 'ג׳וזיז' })).toHaveAttribute('href', '/studio/josies');
      expect(screen.getByText(/8 בנוב׳ 2026/)).toBeInTheDocument();
    });
  });

  describe('josie table', () => {
    const rows = [
      makeJosieRow(),
      makeJosieRow({ id: '0190a0b0-0000-7000-8000-0000000000a2', title: 'שירי ערש', views: 80, plays: 900 }),
    ];

    it('lists every published josie with its numbers, each linking to its page', async () => {
      open('/studio/josies?period=7d', [
        { ...ROUTES.studioJosies, reply: () => json(200, makeJosies(rows)) },
      ]);
      const table = await screen.findByRole('table', {}, { timeout: 10_000 });
      expect(table).toHaveAccessibleName(
        'Published josies and their numbers in this period, sorted by Views, descending',
      );
      const link = within(table).getByRole('link', { name: 'Late night jazz' });
      expect(link).toHaveAttribute('href', `/studio/josies/${JOSIE_ID}?period=7d`);
      expect(
        within(table).getByRole('row', { name: /^Late night jazz Nov 20, 2026 500 120 30 8 4 2 6$/ }),
      ).toBeInTheDocument();
      expect(screen.getByText('2 published josies')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Josies' })).toHaveAttribute('aria-current', 'page');
    });

    it('sorts on the server by the column pressed, then the other way', async () => {
      const { stub, user, router } = open('/studio/josies', [
        { ...ROUTES.studioJosies, reply: () => json(200, makeJosies(rows)) },
      ]);
      const table = await screen.findByRole('table', {}, { timeout: 10_000 });
      expect(within(table).getByRole('columnheader', { name: 'Views' })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      await user.click(within(table).getByRole('button', { name: 'Plays' }));
      await waitFor(() => expect(stub.calls('GET', '/api/studio/josies')).toHaveLength(2));
      const second = stub.calls('GET', '/api/studio/josies')[1]?.url.searchParams;
      expect([second?.get('sort'), second?.get('order')]).toEqual(['plays', 'desc']);
      await user.click(within(table).getByRole('button', { name: 'Plays' }));
      await waitFor(() => expect(stub.calls('GET', '/api/studio/josies')).toHaveLength(3));
      expect(stub.calls('GET', '/api/studio/josies')[2]?.url.searchParams.get('order')).toBe('asc');
      expect(router.state.location.search).toBe('?sort=plays&order=asc');
      expect(within(table).getByRole('columnheader', { name: 'Plays' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await user.click(within(table).getByRole('button', { name: 'Josie' }));
      await waitFor(() => expect(stub.calls('GET', '/api/studio/josies')).toHaveLength(4));
      const byTitle = stub.calls('GET', '/api/studio/josies')[3]?.url.searchParams;
      expect([byTitle?.get('sort'), byTitle?.get('order')]).toEqual(['title', 'asc']);
    });

    it('pages through the josies', async () => {
      const { stub, user } = open('/studio/josies', [
        {
          ...ROUTES.studioJosies,
          reply: (req) =>
            json(200, makeJosies(rows, { total: 120, page: Number(req.url.searchParams.get('page')) })),
        },
      ]);
      expect(await screen.findByText('Page 1 of 3', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
      expect(stub.calls('GET', '/api/studio/josies')[1]?.url.searchParams.get('page')).toBe('2');
    });

    it('offers the first page for a page past the last josie, not "publish"', async () => {
      const { user } = open('/studio/josies?page=3', [
        {
          ...ROUTES.studioJosies,
          reply: (req) =>
            req.url.searchParams.get('page') === '3'
              ? json(200, makeJosies([], { total: 0, page: 3 }))
              : json(200, makeJosies(rows)),
        },
      ]);
      expect(
        await screen.findByText('This page is past your last josie.', {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Publish a josie to see how it does')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
      expect(await screen.findByRole('link', { name: 'שירי ערש' })).toBeInTheDocument();
    });

    it('tells a curator with nothing published to publish', async () => {
      open('/studio/josies', [{ ...ROUTES.studioJosies, reply: () => json(200, makeJosies([])) }]);
      expect(
        await screen.findByText('Publish a josie to see how it does', {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
    });
  });

  describe("a josie's page", () => {
    it('shows its numbers, days and breakdowns', async () => {
      open(`/studio/josies/${JOSIE_ID}`, [
        { method: 'GET', path: `/api/studio/josies/${JOSIE_ID}`, reply: () => json(200, makeJosie()) },
      ]);
      expect(
        await screen.findByRole('heading', { name: 'Late night jazz' }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.getByText('Published Nov 20, 2026')).toBeInTheDocument();
      const services = screen.getByRole('region', { name: 'Plays by service' });
      expect(
        within(services)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'Spotify60 (60% of 100)',
        'YouTube30 (30% of 100)',
        'Deezer4 (4% of 100)',
        'Other services6 (6% of 100)',
      ]);
      const surfaces = screen.getByRole('region', { name: 'Where readers came from' });
      expect(within(surfaces).getByText('A link shared outside Josie')).toBeInTheDocument();
      expect(within(surfaces).queryByText('Elsewhere')).not.toBeInTheDocument();
      const languages = screen.getByRole('region', { name: "Readers' language" });
      expect(languages).toHaveTextContent('Hebrew25 (25% of 100)');
      expect(screen.getByRole('region', { name: 'Views and plays by day' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'All josies' })).toHaveAttribute('href', '/studio/josies');
    });

    it.each([
      [404, 'NOT_FOUND'],
      [403, 'FORBIDDEN'],
    ])("says so for a josie that isn't in the curator's studio (%i)", async (status, code) => {
      open('/studio/josies/unknown', [
        {
          method: 'GET',
          path: '/api/studio/josies/unknown',
          reply: () => json(status, { message: 'x', code }),
        },
      ]);
      expect(
        await screen.findByText("This josie isn't in your studio", {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.queryByText('The studio is for curators')).toBeNull();
    });
  });

  describe('audience', () => {
    it('shows followers, where they came from and the best invites', async () => {
      open('/studio/audience', [{ ...ROUTES.studioAudience, reply: () => json(200, makeAudience()) }]);
      expect(
        await screen.findByRole('region', { name: 'Followers over time' }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.getByText('Followers now').parentElement).toHaveTextContent('Followers now2,048');
      // The followers' chart is drawn on their range, not from 0; its table holds each day's count.
      const overTime = screen.getByRole('region', { name: 'Followers over time' });
      expect(within(overTime).getByRole('row', { name: 'Dec 7, 2026 2,046' })).toBeInTheDocument();
      const sources = screen.getByRole('region', { name: 'Where new followers came from' });
      expect(
        within(sources)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'An invite6 (43% of 14)',
        'Explore3 (21% of 14)',
        'Search1 (7.1% of 14)',
        'A josie page4 (29% of 14)',
      ]);
      const invites = within(screen.getByRole('region', { name: 'Your best invites' })).getByRole('table');
      expect(within(invites).getByRole('row', { name: 'Come hear my jazz picks 6' })).toBeInTheDocument();
    });
  });

  describe('admins', () => {
    it("open a curator's studio from their account page, while the flag is on", async () => {
      const detail = makeUserDetail({ id: CURATOR_ID, _id: CURATOR_ID, role: 'curator' });
      const route = { method: 'GET', path: `/api/admin/users/${CURATOR_ID}`, reply: () => json(200, detail) };
      const { user, router } = open(
        `/admin/users/${CURATOR_ID}`,
        [route, overviewRoute(() => json(200, makeOverview()))],
        {
          role: 'admin',
        },
      );
      const link = await screen.findByRole('link', { name: /Open their studio/ }, { timeout: 10_000 });
      expect(link).toHaveAttribute('href', `/studio?curatorId=${CURATOR_ID}`);
      await user.click(link);
      expect(
        await screen.findByText("You are viewing another curator's studio as an admin."),
      ).toBeInTheDocument();
      expect(router.state.location.search).toBe(`?curatorId=${CURATOR_ID}`);
    });

    it("offer no studio link for a listener's account", async () => {
      const detail = makeUserDetail({ role: 'listener' });
      open(
        `/admin/users/${detail.user.id}`,
        [{ method: 'GET', path: `/api/admin/users/${detail.user.id}`, reply: () => json(200, detail) }],
        { role: 'admin' },
      );
      expect(
        await screen.findByRole('heading', { name: detail.user.name, level: 1 }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Open their studio/ })).not.toBeInTheDocument();
    });

    it("show the platform's totals", async () => {
      const { stub } = open(
        '/admin/studio',
        [{ ...ROUTES.studioPlatform, reply: () => json(200, makePlatform()) }],
        {
          role: 'admin',
        },
      );
      expect(
        await screen.findByRole('heading', { name: 'Platform studio', level: 1 }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(await screen.findByText('1,234')).toBeInTheDocument();
      expect(screen.getByText('900')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Studio' })).toHaveAttribute('aria-current', 'page');
      expect(stub.calls('GET', '/api/studio/platform')[0]?.url.searchParams.get('period')).toBe('30d');
    });
  });
});
