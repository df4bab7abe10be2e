import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { startSmtpSink } from '../../apps/server/src/adapters/smtp-sink.testing.js';
import { createDatabase, databaseName, dropDatabase } from './databases.js';
import { startServer, stopServer } from './global-setup.js';

const artifacts = join(dirname(fileURLToPath(import.meta.url)), '../artifacts');
mkdirSync(artifacts, { recursive: true });

/**
 * How long a test waits for a mail by default (ms): a bound for a mail that never comes, not a speed the
 * test asserts. On the busy 2-core CI machine a sign-up's mail has taken over 15 s to arrive.
 */
const MAIL_WAIT_MS = 60_000;

/** The demo password (server default). */
export const DEMO_PASSWORD = 'demo-password';

/** `{token, user}` as the API answers sign-in. */
export interface Session {
  token: string;
  user: { _id: string; name: string; email: string; role: string };
}

/** Signs in through the API. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Session> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Session;
}

/**
 * Signs a new user up through the API; the email is unique per call. Unless `verify` is false, the account's
 * email is then verified as its owner would: the token is read from the verification mail in the outbox and
 * posted to `POST /api/users/verify-email` (publishing and inviting need it: docs/decisions/0025-account-and-data.md).
 */
export async function apiSignup(
  request: APIRequestContext,
  opts: { name?: string; email?: string; password?: string; verify?: boolean } = {},
): Promise<Session & { password: string }> {
  const password = opts.password ?? 'e2e-password-1';
  const email = opts.email ?? `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const res = await request.post('/api/auth/signup', {
    data: { name: opts.name ?? 'E2E User', email, password },
  });
  expect(res.status(), await res.text()).toBe(201);
  // A sign-up answers no session (decision 0037): the new user signs in.
  const session = { ...(await apiLogin(request, email, password)), password };
  if (opts.verify !== false) await verifyEmail(request, email);
  return session;
}

/**
 * The token of the newest mail to `address` holding a link to `path` (e.g. `/verify-email`), read from the
 * outbox (E2E_MAIL_DIR).
 */
export async function mailedToken(address: string, path: string, timeoutMs = MAIL_WAIT_MS): Promise<string> {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`${escaped}\\?token=([A-Za-z0-9_%.~-]+)`);
  const mail = await waitForMail(address, /./, timeoutMs, (m) =>
    pattern.test(`${m.text ?? ''} ${m.html ?? ''}`),
  );
  const token = pattern.exec(`${mail.text ?? ''} ${mail.html ?? ''}`)?.[1];
  if (!token) throw new Error(`no ${path} link in the mail to ${address}`);
  return decodeURIComponent(token);
}

/** Verifies `address` through the link of its verification mail (`POST /api/users/verify-email`). */
export async function verifyEmail(request: APIRequestContext, address: string): Promise<void> {
  const token = await mailedToken(address, '/verify-email');
  const res = await request.post('/api/users/verify-email', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Sets a feature flag as the demo admin. */
export async function setFlag(request: APIRequestContext, key: string, value: string): Promise<void> {
  const admin = await apiLogin(request, 'admin@demo.josie');
  const res = await request.put(`/api/admin/flags/${key}`, {
    data: { value },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.status()).toBe(200);
}

/** Stores a session the way the web app does (localStorage `user`) before the first page loads. */
export async function useSession(page: Page, session: Session): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e-session-set')) {
      window.localStorage.setItem('user', value);
      window.sessionStorage.setItem('e2e-session-set', '1');
    }
  }, JSON.stringify(session));
}

/** A page of its own (another browser context) signed in as `session`, opened at `path`. */
export async function openAs(browser: Browser, session: Session, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useSession(page, session);
  await page.goto(path);
  return page;
}

/**
 * Whether {@link shot} saves its screenshots: always on a developer's machine, in CI only with `E2E_SHOTS=1`.
 * A CI run's folder is thrown away unread, and each full-page screenshot repaints the whole page and encodes
 * a PNG on the busy machine (docs/decisions/0039-test-tiers.md).
 */
const shots = !process.env.CI || process.env.E2E_SHOTS === '1';

/** Saves a full-page screenshot under e2e/artifacts/ for people to look at (see {@link shots}). */
export async function shot(page: Page, name: string): Promise<void> {
  if (shots) await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

/**
 * Clicks `trigger` until `shown` is visible, within `timeoutMs`. A page opened by `goto` shows the server's
 * first paint (its header, and a signed-in reader's feed) until the app renders over it with `createRoot`
 * (apps/web/src/main.tsx, docs/performance.md): a click on that markup before then does nothing, as it would
 * for a person, who clicks again. Each try waits 5 s for `shown`, so a slow menu is not clicked shut.
 */
export async function clickUntilShown(trigger: Locator, shown: Locator, timeoutMs = 30_000): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) await trigger.click();
    await expect(shown).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: timeoutMs });
}

/** Fails on serious or critical axe-core violations of the current page. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

/** The server of one Playwright worker: its address and the folder its mail is written to. */
export interface WorkerServer {
  url: string;
  mailDir: string;
}

/**
 * Playwright's test with a fresh browser context per test (AxeBuilder needs one), and a server per worker:
 * the production build over a copy of the data folder (and, on PostgreSQL, of the database) global-setup
 * seeded (`E2E_SEEDED_DATA_DIR`, support/databases.ts), with a
 * local SMTP server whose messages are written to `E2E_MAIL_DIR` (one JSON file each, see
 * {@link waitForMail}). Feature flags and mail are a server's global state, so journeys in two workers
 * never see each other's (docs/decisions/0039-test-tiers.md). `baseURL` is the worker's server unless a
 * test uses another (integrations.spec.ts: `E2E_INTEGRATIONS_URL`).
 */
export const test = base.extend<Record<never, never>, { workerServer: WorkerServer }>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function takes from its first parameter.
    async ({}, use, workerInfo) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'josie-e2e-worker-'));
      const database = databaseName(`worker${workerInfo.workerIndex}`, Number(process.env.E2E_RUN_ID));
      const databaseEnv = await createDatabase(database, process.env.E2E_SEEDED_DATABASE);
      cpSync(process.env.E2E_SEEDED_DATA_DIR!, dataDir, { recursive: true });
      const mailDir = join(dataDir, 'received-mail');
      mkdirSync(mailDir, { recursive: true });
      const smtp = await startSmtpSink();
      let received = 0;
      const writer = setInterval(() => {
        while (received < smtp.messages.length) {
          const mail = smtp.messages[received]!;
          received += 1;
          writeFileSync(
            join(mailDir, `${String(received).padStart(4, '0')}.json`),
            JSON.stringify({
              to: mail.recipients,
              subject: mail.email.subject,
              text: mail.email.text,
              html: mail.email.html,
            }),
          );
        }
      }, 100);
      const server = await startServer(
        {
          SMTP_URL: smtp.url,
          ...JSON.parse(process.env.E2E_RESOLVER_ENV ?? '{}'),
          ...JSON.parse(process.env.E2E_SERVER_ENV ?? '{}'),
          ...databaseEnv,
        },
        dataDir,
      );
      process.env.E2E_MAIL_DIR = mailDir;
      try {
        await use({ url: server.url, mailDir });
      } finally {
        await stopServer(server.child);
        clearInterval(writer);
        await smtp.close();
        await dropDatabase(database);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 600_000 },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.url);
  },
});
export { expect };

/** One email the app sent, as the local SMTP server received it (see global-setup). */
export interface ReceivedMail {
  to: string[];
  subject?: string;
  text?: string;
  html?: string;
}

/**
 * Waits for the newest email to `address` whose subject matches (and that `accept`s, when given), read from
 * E2E_MAIL_DIR.
 */
export async function waitForMail(
  address: string,
  subject: RegExp,
  timeoutMs = MAIL_WAIT_MS,
  accept: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  const { readdirSync, readFileSync } = await import('node:fs');
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = readdirSync(dir)
      .sort()
      .reverse()
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ReceivedMail);
    const found = mails.find((m) => m.to.includes(address) && subject.test(m.subject ?? '') && accept(m));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no email to ${address} matching ${subject} within ${timeoutMs} ms`);
}

/** The bearer header of a session token. */
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new curator named `name` (a sign-up the demo admin promotes), signed in: its {@link Session}. */
export async function apiCurator(request: APIRequestContext, name: string): Promise<Session> {
  const admin = await apiLogin(request, 'admin@demo.josie');
  const signup = await apiSignup(request, { name });
  const promoted = await request.patch(`/api/admin/users/${signup.user._id}`, {
    headers: auth(admin.token),
    data: { role: 'curator' },
  });
  expect(promoted.status()).toBe(200);
  return apiLogin(request, signup.user.email, signup.password);
}

/**
 * A text josie titled `title` in `genres`, written by `curator` and approved by the demo editor: published.
 * Answers its id.
 */
export async function apiPublishedJosie(
  request: APIRequestContext,
  curator: Session,
  title: string,
  genres: readonly string[],
): Promise<string> {
  const created = await request.post('/api/josies', {
    headers: auth(curator.token),
    multipart: {
      title,
      genres: JSON.stringify(genres),
      paragraphs: JSON.stringify([{ type: 'text', content: `Words about ${title}` }]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const josie = (await created.json()) as { _id: string };
  const editor = await apiLogin(request, 'editor@demo.josie');
  const approved = await request.put(`/api/josies/${josie._id}/approve`, {
    headers: auth(editor.token),
    data: {},
  });
  expect(approved.status()).toBe(200);
  return josie._id;
}

/**
 * The seeded demo josie shared from Spotify, with no video of its recording (apps/server/src/db/seed/josies.ts),
 * whose track the Odesli stand-in also finds on YouTube: the journeys that play a josie on another service
 * than the one it was shared from use it. `track` is its Spotify track id, `search` words that find it.
 */
export const SPOTIFY_DEMO_JOSIE = {
  title: 'Happy on a Front Porch: a Country Reading',
  track: '60nZcImufyMA1MKQY3dcCH',
  search: 'Front Porch Country',
} as const;

/**
 * The id (a UUID) of {@link SPOTIFY_DEMO_JOSIE}, found by search as a reader finds it, once its audio item
 * carries a YouTube link (`listen[].links[].platform` of `GET /api/josies/{id}`). The link resolver works in
 * the background after the server starts, so a journey that opens the josie earlier would see it without
 * its YouTube player: this polls for up to 30 s (a bound for a link that never comes) and throws when
 * search finds no such josie.
 */
export async function resolvedJosie(request: APIRequestContext): Promise<string> {
  const { title, search } = SPOTIFY_DEMO_JOSIE;
  const found = await request.get(`/api/search/josies?q=${encodeURIComponent(search)}`);
  const posts = ((await found.json()) as { data: { posts: Array<{ _id: string; title: string }> } }).data
    .posts;
  const id = posts.find((post) => post.title === title)?._id;
  if (!id) throw new Error(`no demo josie "${title}"`);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/josies/${id}`);
        const josie = (await res.json()) as {
          listen: Array<{ kind: string; links: Array<{ platform: string }> }>;
        };
        return josie.listen.find((item) => item.kind === 'audio')?.links.map((link) => link.platform) ?? [];
      },
      { timeout: 30_000 },
    )
    .toContain('youtube');
  return id;
}

/**
 * A new listener who finished onboarding following a new curator with `count` published josies, titled
 * `Grid #1`... unless `title` names them (by their number, 1 the oldest). Answers the reader's session, with
 * the curator's and the josies' ids (oldest first).
 */
export async function readerOfCurator(
  request: APIRequestContext,
  count: number,
  title: (i: number) => string = (i) => `Grid #${i}`,
): Promise<Session & { curator: Session; josieIds: string[] }> {
  const admin = await apiLogin(request, 'admin@demo.josie');
  const editor = await apiLogin(request, 'editor@demo.josie');
  const signup = await apiSignup(request, { name: `Grid curator ${Date.now()}` });
  await request.patch(`/api/admin/users/${signup.user._id}`, {
    headers: auth(admin.token),
    data: { role: 'curator' },
  });
  const curator = await apiLogin(request, signup.user.email, signup.password);
  const josieIds: string[] = [];
  for (let i = 1; i <= count; i++) {
    const created = await request.post('/api/josies', {
      headers: auth(curator.token),
      multipart: {
        title: title(i),
        paragraphs: JSON.stringify([{ type: 'text', content: `Post ${i}` }]),
      },
    });
    const josie = (await created.json()) as { _id: string };
    josieIds.push(josie._id);
    const approved = await request.put(`/api/josies/${josie._id}/approve`, {
      headers: auth(editor.token),
      data: {},
    });
    expect(approved.status()).toBe(200);
  }
  const reader = await apiSignup(request, { name: 'Grid Reader' });
  await request.post(`/api/users/follow/${curator.user._id}`, { headers: auth(reader.token) });
  await request.put('/api/users/me/onboarding', {
    headers: auth(reader.token),
    data: { completed: true, step: 3 },
  });
  const session = await apiLogin(request, reader.user.email, reader.password);
  return { ...session, curator, josieIds };
}
