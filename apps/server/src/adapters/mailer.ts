import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/data-dir.js';

/** One email: a plain-text body and an HTML body of the same content. */
export interface MailMessage {
  /** One recipient address. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `{'X-Entity-Ref-ID': '...'}`. */
  headers?: Record<string, string>;
}

/** Sends email. docs/product/data-and-config.md#stack email, docs/product/data-and-config.md#configuration `SMTP_URL`, `MAIL_FROM`. */
export interface Mailer {
  /**
   * Sends one message from `MAIL_FROM`.
   * @throws the transport's error when the message could not be handed over (callers log it).
   */
  send(message: MailMessage): Promise<void>;
}

/** What the mailer logs with: Fastify's pino logger or anything with the same methods. */
export type MailLogger = Pick<FastifyBaseLogger, 'info'>;

/**
 * Every message the app sends is automatic; RFC 3834 asks for this header so that vacation responders
 * and mailing lists do not answer it.
 */
const AUTOMATIC_HEADERS = { 'Auto-Submitted': 'auto-generated' };

/**
 * The mailer for this configuration (docs/product/README.md#external-services-are-adapters,
 * docs/product/data-and-config.md#stack):
 * - with `SMTP_URL` (e.g. `smtps://user:pass@smtp.example.com:465`), real delivery over SMTP;
 * - without it, each message is written as an RFC 5322 `.eml` file into `DATA_DIR/outbox/` (open it in any
 *   mail client) and its subject and recipient are logged, so a fresh install can still complete a password
 *   reset. Bodies are never logged: they carry one-time links.
 */
export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, logger: MailLogger): Mailer {
  const from = config.mail.from;

  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({
          from,
          ...message,
          headers: { ...AUTOMATIC_HEADERS, ...message.headers },
        });
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      },
    };
  }

  const outbox = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        ...message,
        headers: { ...AUTOMATIC_HEADERS, ...message.headers },
      });
      await mkdir(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
      // Sortable by time; the UUID keeps two messages of the same millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = join(outbox, name);
      // Written beside and moved into place so that a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message, { mode: PRIVATE_FILE_MODE });
      await rename(`${file}.tmp`, file);
      logger.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox (SMTP_URL is not set)',
      );
    },
  };
}
