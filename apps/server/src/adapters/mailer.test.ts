import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../config.js';
import { createMailer, type MailLogger } from './mailer.js';
import { escapeHtml, passwordResetMail } from './mails/index.js';
import { type SmtpSink, startSmtpSink } from './smtp-sink.testing.js';

/** A logger that keeps what it was given. */
function recordingLogger() {
  const lines: unknown[][] = [];
  const logger: MailLogger = { info: (...args: unknown[]) => void lines.push(args) };
  return { logger, lines };
}

const message = {
  to: 'noa@example.test',
  subject: 'Hello Noa',
  text: 'Secret link: https://josie.test/reset-password?token=abc123',
  html: '<p>Secret link: <a href="https://josie.test/reset-password?token=abc123">reset</a></p>',
  headers: { 'X-Josie-Test': 'yes' },
};

describe('mailer over SMTP (SMTP_URL set)', () => {
  let sink: SmtpSink;
  let dataDir: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = mkdtempSync(join(tmpdir(), 'josie-mail-'));
  });
  afterAll(async () => {
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers text and HTML from MAIL_FROM with the extra and automatic headers', async () => {
    const config = buildConfig({
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Josie <hello@josie.test>',
    });
    const { logger, lines } = recordingLogger();
    await createMailer(config, logger).send(message);
    const mail = await sink.waitFor((m) => m.email.subject === 'Hello Noa');
    expect(mail.recipients).toEqual(['noa@example.test']);
    expect(mail.email.from).toMatchObject({ address: 'hello@josie.test', name: 'Josie' });
    expect(mail.email.text?.trim()).toBe(message.text);
    expect(mail.email.html).toContain('href="https://josie.test/reset-password?token=abc123"');
    const header = (key: string) => mail.email.headers.find((h) => h.key === key)?.value;
    expect(header('x-josie-test')).toBe('yes');
    expect(header('auto-submitted')).toBe('auto-generated');
    // Nothing is written to the outbox when SMTP is configured.
    expect(() => readdirSync(join(dataDir, 'outbox'))).toThrow();
    expect(JSON.stringify(lines)).not.toContain('abc123');
  });

  it('rejects when the SMTP server cannot be reached, so callers can log the failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const config = buildConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}` });
    await expect(createMailer(config, recordingLogger().logger).send(message)).rejects.toThrow();
  });
});

describe('mailer without SMTP_URL (outbox)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'josie-outbox-'));
  });
  afterEach(() => rmSync(join(dataDir, 'outbox'), { recursive: true, force: true }));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each message as an .eml file in DATA_DIR/outbox and logs subject and recipient only', async () => {
    const config = buildConfig({ DATA_DIR: dataDir });
    const { logger, lines } = recordingLogger();
    const mailer = createMailer(config, logger);
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'Second' });

    const files = readdirSync(join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const parsed = await Promise.all(
      files.map((f) => PostalMime.parse(readFileSync(join(dataDir, 'outbox', f)))),
    );
    const first = parsed.find((p) => p.subject === 'Hello Noa')!;
    expect(first.to?.[0]).toMatchObject({ address: 'noa@example.test' });
    expect(first.from).toMatchObject({ address: 'no-reply@josie.local' });
    expect(first.text?.trim()).toBe(message.text);
    expect(first.html).toContain('token=abc123');
    expect(parsed.map((p) => p.subject).sort()).toEqual(['Hello Noa', 'Second']);

    expect(lines).toHaveLength(2);
    expect(lines[0]![0]).toMatchObject({ to: 'noa@example.test', subject: 'Hello Noa' });
    // The log never carries the body (it holds one-time links).
    expect(JSON.stringify(lines)).not.toContain('abc123');
  });
});

describe('password-reset email template', () => {
  const link = 'https://josie.test/reset-password?email=a%40b.test&token=T0k3n_-';

  it('is English by default, with the link in both bodies and a left-to-right HTML page', () => {
    const mail = passwordResetMail({ language: 'en', name: 'Noa', link, validMinutes: 60 });
    expect(mail.subject).toBe('Reset your Josie password');
    expect(mail.text).toContain('Hi \u2068Noa\u2069,');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('60 minutes');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
  });

  it('is Hebrew and right to left for a Hebrew-preferring user, with the link kept left to right', () => {
    const mail = passwordResetMail({ language: 'he', name: 'נועה', link, validMinutes: 60 });
    expect(mail.subject).toBe('איפוס הסיסמה שלכם ב-Josie');
    expect(mail.text).toContain('שלום \u2068נועה\u2069,');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('<html lang="he" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.html).toContain('<p dir="ltr"');
    expect(mail.html).toContain('בחירת סיסמה חדשה');
  });

  it('escapes the user-controlled name in the HTML', () => {
    const mail = passwordResetMail({
      language: 'en',
      name: '<img src=x onerror=alert(1)>',
      link,
      validMinutes: 60,
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
  });
});
