import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { makeStats } from './testData';

const admin = makeSession('admin');

function renderDashboard(reply: () => ReturnType<typeof json>) {
  return renderApp('/admin/dashboard', {
    session: admin,
    routes: [{ method: 'GET', path: '/api/admin/stats', reply }],
  });
}

// The charts make a large document (four drawings with their data tables): rendering and querying it in
// happy-dom is slow on a busy machine, hence the longer time limit.
describe('admin dashboard (docs/product/routes-and-roles.md#admin)', { timeout: 20_000 }, () => {
  // Compile the lazily loaded page once up front, so no test's time limit pays for it.
  beforeAll(async () => {
    await import('./AdminDashboardPage');
  }, 60_000);

  // Role queries over the whole document are slow here, so lookups go through each chart's region.
  it('shows the totals, the most popular curator and an accessible table per chart', async () => {
    renderDashboard(() => json(200, makeStats()));

    expect(await screen.findByText('1,280', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('Shira Golan')).toBeInTheDocument();
    expect(screen.getByText('318 followers')).toBeInTheDocument();

    const activity = screen.getByRole('region', { name: 'Activity in the last 30 days' });
    const titles = ['Sign-ups', 'Josies published', 'Approvals and rejections', 'Page views'];
    const charts = within(activity).getAllByRole('region');
    expect(charts.map((chart) => within(chart).getByRole('heading', { level: 3 }).textContent)).toEqual(
      titles,
    );
    charts.forEach((chart, index) => {
      expect(within(chart).getByRole('table')).toHaveAccessibleName(`${titles[index]}, per day`);
    });

    const [signups, , reviews] = charts;
    const signupsTable = within(signups!).getByRole('table');
    // A header row and one row per day of the 30.
    expect(within(signupsTable).getAllByRole('row')).toHaveLength(31);
    expect(within(signupsTable).getByRole('row', { name: 'Jun 11 7' })).toBeInTheDocument();
    expect(signups).toHaveTextContent('13 in the last 30 days');
    expect(signups).toHaveTextContent('Busiest day: Jun 11 (7)');
    expect(
      within(within(reviews!).getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Approvals', 'Rejections']);
    expect(reviews).toHaveTextContent('Approvals: 3 in the last 30 days');
    expect(reviews).toHaveTextContent('Rejections: 1 in the last 30 days');

    expect(screen.getByRole('link', { name: /Users and roles/ })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: /System settings/ })).toHaveAttribute('href', '/admin/system');
  });

  it('says so when no curator has followers yet', async () => {
    renderDashboard(() => json(200, makeStats({ popularCurator: null })));
    expect(await screen.findByText('No data yet: no curator has followers.')).toBeInTheDocument();
  });

  it("shows the spec's message when the statistics fail to load", async () => {
    renderDashboard(() => json(500, { message: 'Internal Server Error', code: 'INTERNAL' }));
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'Failed to load statistics. Please try again later',
    );
  });
});
