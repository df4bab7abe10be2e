import type { Page } from '@playwright/test';
import { apiLogin, apiSignup, expect, expectAccessible, setFlag, shot, test } from '../support/fixtures.js';

/** The admin area end to end (docs/product/routes-and-roles.md#admin). */

async function signInAs(page: Page, session: object, path: string) {
  await page.goto('/about');
  await page.evaluate((value) => window.localStorage.setItem('user', value), JSON.stringify(session));
  await page.goto(path);
}

test('the admin promotes a listener to curator, who can then create a josie', async ({ page, request }) => {
  const listener = await apiSignup(request, { name: 'Promoted Person' });
  const admin = await apiLogin(request, 'admin@demo.josie');
  await signInAs(page, admin, '/admin/users');
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(listener.user.email);
  await page.getByRole('link', { name: 'View Promoted Person' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${listener.user._id}(\\?.*)?$`));
  await page.getByRole('combobox', { name: 'Role' }).selectOption('curator');
  await page.getByRole('button', { name: 'Save role' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText(/is now Curator/).first()).toBeVisible();
  await shot(page, 'en-admin-user');

  // The role change signed the user out everywhere; signed in again they are a curator who may publish.
  expect(
    (await request.get('/api/users/me', { headers: { authorization: `Bearer ${listener.token}` } })).status(),
  ).toBe(401);
  const curator = await apiLogin(request, listener.user.email, listener.password);
  expect(curator.user.role).toBe('curator');
  const created = await request.post('/api/josies', {
    headers: { authorization: `Bearer ${curator.token}` },
    multipart: { title: 'My first josie', paragraphs: JSON.stringify([{ type: 'text', content: 'Hello' }]) },
  });
  expect(created.status()).toBe(201);
});

test('the admin removes a genre and onboarding no longer offers it', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin@demo.josie');
  const add = await request.post('/api/admin/preferences/genres', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name: 'Shoegaze' },
  });
  expect(add.status()).toBe(201);
  await signInAs(page, admin, '/admin/system?tab=preferences');
  await expect(page.getByRole('button', { name: 'Remove Shoegaze' })).toBeVisible();
  await shot(page, 'en-admin-system');
  await page.getByRole('button', { name: 'Remove Shoegaze' }).click();
  // The server's answer, not the list alone: the list's buttons are also absent while it refetches.
  const removed = page.waitForResponse(
    (res) => res.request().method() === 'DELETE' && res.url().includes('/api/admin/preferences/genres/'),
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  expect((await removed).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Remove Shoegaze' })).toHaveCount(0);
  const options = await (await request.get('/api/preferences/options')).json();
  expect(options.genres.map((g: { name: string }) => g.name)).not.toContain('Shoegaze');
});

test('the admin turns language selection on and users get the toggle', async ({ browser, page, request }) => {
  await setFlag(request, 'language_select', 'false');
  const admin = await apiLogin(request, 'admin@demo.josie');
  await signInAs(page, admin, '/admin/system?tab=flags');
  const toggle = page.getByRole('switch', { name: 'Language selection' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/login');
  await expect(visitor.getByRole('button', { name: 'עברית' }).first()).toBeVisible();
  await visitor.context().close();
});

test('deleting a user with josies and likes keeps feeds and counts consistent', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin@demo.josie');
  const auth = { authorization: `Bearer ${admin.token}` };
  // A curator who publishes a josie that a listener likes, and who likes someone else's josie.
  const doomed = await apiSignup(request, { name: 'Doomed Curator' });
  await request.patch(`/api/admin/users/${doomed.user._id}`, { headers: auth, data: { role: 'curator' } });
  const doomedSession = await apiLogin(request, doomed.user.email, doomed.password);
  const dAuth = { authorization: `Bearer ${doomedSession.token}` };
  const josie = await (
    await request.post('/api/josies', {
      headers: dAuth,
      multipart: { title: 'Soon gone', paragraphs: JSON.stringify([{ type: 'text', content: 'Bye' }]) },
    })
  ).json();
  const editor = await apiLogin(request, 'editor@demo.josie');
  await request.put(`/api/josies/${josie._id}/approve`, {
    headers: { authorization: `Bearer ${editor.token}` },
    data: {},
  });
  const listener = await apiLogin(request, 'listener1@demo.josie');
  const lAuth = { authorization: `Bearer ${listener.token}` };
  await request.post(`/api/users/follow/${doomed.user._id}`, { headers: lAuth, data: {} });
  await request.post(`/api/josies/${josie._id}/like`, { headers: lAuth, data: {} });
  const others = (await (await request.get('/api/josies/feed', { headers: lAuth })).json()).data
    .posts as Array<{
    _id: string;
    likeCount: number;
    creator: { _id: string };
  }>;
  const target = others.find((p) => p.creator._id !== doomed.user._id)!;
  const before = target.likeCount;
  const liked = await (
    await request.post(`/api/josies/${target._id}/like`, { headers: dAuth, data: {} })
  ).json();
  expect(liked.data.likeCount).toBe(before + 1);
  const statsBefore = await (await request.get('/api/admin/stats', { headers: auth })).json();

  await signInAs(page, admin, '/admin/users');
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(doomed.user.email);
  await page.getByRole('button', { name: 'Delete Doomed Curator' }).first().click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'Are you sure you want to delete this user? This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('Doomed Curator was deleted')).toBeVisible();

  const feed = (await (await request.get('/api/josies/feed', { headers: lAuth })).json()).data
    .posts as Array<{
    _id: string;
    likeCount: number;
  }>;
  expect(feed.find((p) => p._id === josie._id)).toBeUndefined();
  expect(feed.find((p) => p._id === target._id)?.likeCount).toBe(before);
  expect((await request.get(`/api/josies/${josie._id}`)).status()).toBe(404);
  const statsAfter = await (await request.get('/api/admin/stats', { headers: auth })).json();
  expect(statsAfter.totalCurators).toBe(statsBefore.totalCurators - 1);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign-ups' })).toBeVisible();
  await shot(page, 'en-admin-dashboard');
});

test('a contact message sent from /contact appears under messages', async ({ browser, page, request }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/contact');
  const text = `Please add more jazz ${Date.now()}`;
  await visitor.getByLabel('Name').fill('Jazz Fan');
  await visitor.getByLabel('Email').fill('jazz.fan@example.test');
  await visitor.getByLabel('Message').fill(text);
  await visitor.getByRole('button', { name: /send/i }).click();
  await expect(visitor.getByText(/sent|thank/i).first()).toBeVisible();
  await visitor.context().close();

  const admin = await apiLogin(request, 'admin@demo.josie');
  await signInAs(page, admin, '/admin/system?tab=messages');
  await expect(page.getByText(text)).toBeVisible();
});

test('the admin area in Hebrew mirrors and is accessible', async ({ page, request }) => {
  await setFlag(request, 'language_select', 'true');
  const admin = await apiLogin(request, 'admin@demo.josie');
  for (const [path, name] of [
    ['/admin/dashboard?lng=he', 'he-admin-dashboard'],
    ['/admin/users?lng=he', 'he-admin-users'],
    ['/admin/system?tab=preferences&lng=he', 'he-admin-system'],
  ] as const) {
    await signInAs(page, admin, path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.locator('main').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page);
    await shot(page, name);
  }
});
