import type { APIRequestContext, Browser, Dialog, Page } from '@playwright/test';
import { apiLogin, apiSignup, expect, type Session, test, useSession } from '../support/fixtures.js';

/**
 * Text with HTML and scripts renders inert on every page that shows user text
 * (docs/decisions/0005-security-and-reliability-checks.md). A curator whose name, bio, josie title, josie
 * text and invite message carry a `<script>` and an `<img onerror>` is shown to a visitor, a listener, the
 * curator, an editor and an admin; no payload runs (no dialog, no global set), none becomes an element, and
 * the text shows as typed.
 */

/** Each payload marks `window.__xss` (or opens a dialog) if it ever runs. */
const NAME = `<img src=x onerror="window.__xss='name'">Eve`;
const BIO = `<script>window.__xss='bio'</script><b onmouseover="alert(1)">bold</b>`;
const TITLE = `<script>window.__xss='title'</script>Night`;
const TEXT = `<img src=x onerror="window.__xss='text';alert(1)"> and <svg onload="window.__xss='svg'"></svg>`;
const INVITE = `<img src=x onerror="window.__xss='invite'">Join me`;

test.describe.configure({ mode: 'serial' });

interface World {
  curator: Session & { password: string };
  listener: Session;
  editor: Session;
  admin: Session;
  josieId: string;
  pendingId: string;
  inviteCode: string;
}

async function call(
  request: APIRequestContext,
  session: Session,
  method: 'post' | 'put' | 'patch',
  url: string,
  data?: object,
) {
  const res = await request[method](url, {
    data: data ?? {},
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Builds the hostile curator and their content through the API. */
async function setUp(request: APIRequestContext): Promise<World> {
  const admin = await apiLogin(request, 'admin@demo.josie');
  const editor = await apiLogin(request, 'editor@demo.josie');
  const signup = await apiSignup(request, { name: NAME });
  await call(request, admin, 'patch', `/api/admin/users/${signup.user._id}`, { role: 'curator' });
  // The role change revoked the old session.
  const curator = {
    ...(await apiLogin(request, signup.user.email, signup.password)),
    password: signup.password,
  };
  await call(request, curator, 'put', '/api/users/me/profile', { bio: BIO, name: NAME });
  const paragraphs = [{ type: 'text', content: TEXT }];
  const josie = await call(request, curator, 'post', '/api/josies', { title: TITLE, paragraphs });
  await call(request, editor, 'put', `/api/josies/${josie._id}/approve`);
  const pending = await call(request, curator, 'post', '/api/josies', {
    title: `${TITLE} (pending)`,
    paragraphs,
  });
  const { invite } = await call(request, curator, 'post', '/api/invites', { inviteText: INVITE });

  const listener = await apiSignup(request);
  await call(request, listener, 'post', `/api/users/follow/${curator.user._id}`);
  await call(request, listener, 'put', '/api/users/me/onboarding', { completed: true, step: 3 });
  return {
    curator,
    listener,
    editor,
    admin,
    josieId: josie._id,
    pendingId: pending._id,
    inviteCode: invite.code,
  };
}

/**
 * Opens `path` in `page` (signed in as its context's account, or a visitor's) and checks that the page shows
 * `expected` and ran nothing.
 */
async function expectInert(page: Page, path: string, expected: string) {
  const dialogs: string[] = [];
  const onDialog = (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  await page.goto(path);
  await expect(
    page.getByText(expected, { exact: false }).first(),
    `${path} shows the text as typed`,
  ).toBeVisible();
  // Give event handlers (onerror of a broken image, onload) the time they would need to run.
  await page.waitForTimeout(300);
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: string }).__xss ?? null,
    handlers: document.querySelectorAll('[onerror], [onload], [onmouseover]').length,
    // Scripts the browser would run: a JSON data block (a published josie's page carries the visitor's
    // answer in one, docs/performance.md, and its JSON-LD, docs/decisions/0042-feeds-and-search-engines.md)
    // holds the text as data and never runs; its `<` are escaped, so the text cannot end it either.
    scripts: [...document.querySelectorAll('script')]
      .filter(
        (s) =>
          !['application/json', 'application/ld+json'].includes(s.type) ||
          /<\/script/i.test(s.textContent ?? ''),
      )
      .filter((s) => s.textContent?.includes('__xss')).length,
  }));
  page.off('dialog', onDialog);
  expect({ path, ...state, dialogs }).toEqual({ path, xss: null, handlers: 0, scripts: 0, dialogs: [] });
}

/** Opens each of `cases` (path, text it shows) in one browser context signed in as `session`, or a visitor's. */
async function expectInertAs(browser: Browser, session: Session | null, cases: [string, string][]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (session) await useSession(page, session);
  for (const [path, expected] of cases) await expectInert(page, path, expected);
  await context.close();
}

test('user text with HTML and scripts renders inert on every page that shows it', async ({
  browser,
  request,
}) => {
  // Eleven pages, in a browser context per account, after five accounts and their content: 50-60 s on an
  // idle two-core machine, twice that beside a second worker. A page's load runs its scripts afresh, so a
  // payload that ran on one page cannot hide on the next.
  test.setTimeout(180_000);
  const w = await setUp(request);
  const curatorId = w.curator.user._id;
  await expectInertAs(browser, null, [
    [`/josie/${w.josieId}`, '<script>'],
    [`/join/${w.inviteCode}`, 'Join me'],
  ]);
  await expectInertAs(browser, w.listener, [
    ['/', 'Night'],
    [`/josie/${w.josieId}`, 'onerror'],
    [`/profile/${curatorId}`, 'Eve'],
    [`/curator/${curatorId}`, 'Night'],
  ]);
  await expectInertAs(browser, w.curator, [
    ['/my-josies', 'Night'],
    ['/invites', 'Join me'],
  ]);
  await expectInertAs(browser, w.editor, [['/editor/dashboard', '(pending)']]);
  await expectInertAs(browser, w.admin, [
    ['/admin/users', 'Eve'],
    [`/admin/users/${curatorId}`, 'Eve'],
  ]);
});
