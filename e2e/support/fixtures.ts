import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

const artifacts = join(dirname(fileURLToPath(import.meta.url)), '../artifacts');
mkdirSync(artifacts, { recursive: true });

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
  const session = { ...((await res.json()) as Session), password };
  if (opts.verify !== false) await verifyEmail(request, email);
  return session;
}

/**
 * The token of the newest mail to `address` holding a link to `path` (e.g. `/verify-email`), read from the
 * outbox (E2E_MAIL_DIR).
 */
export async function mailedToken(address: string, path: string, timeoutMs = 15_000): Promise<string> {
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

/** Saves a full-page screenshot under e2e/artifacts/ for people to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
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

/** Playwright's test with a fresh browser context per test (AxeBuilder needs one). */
export const test = base;
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
  timeoutMs = 15_000,
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
