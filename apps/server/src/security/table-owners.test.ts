/**
 * Each table has one owner (docs/ARCHITECTURE.md, "Modules and the tables each owns"; decision 0016): a
 * table is inserted into, updated or deleted from only in its owner module's `queries.ts` (or
 * `<part>.queries.ts`); another module that must change it calls the owner's service. This test reads
 * every server source and fails on a write of a table from anywhere else, through Drizzle
 * (`db.update(josies)`) or in SQL (`update josies set ...`, or with the table interpolated). It reads the
 * names the schema exports; a table imported under another name is not seen. Seeds (`db/seed/`) fill an
 * empty database before any service runs, and are exempt.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Owner module of each table, by its SQL name: the table of docs/ARCHITECTURE.md. */
const OWNERS: Record<string, string> = {
  users: 'users',
  sessions: 'auth',
  password_resets: 'account',
  oauth_accounts: 'oauth',
  follows: 'follows',
  josies: 'josies',
  josie_likes: 'likes',
  josie_saves: 'likes',
  josie_reviews: 'review',
  invites: 'invites',
  invite_uses: 'invites',
  invite_visits: 'invites',
  genres: 'preferences',
  interests: 'preferences',
  ai_templates: 'admin',
  feature_flags: 'flags',
  analytics_events: 'site',
  contact_messages: 'site',
  newsletter_subscribers: 'site',
  media: 'images',
  push_subscriptions: 'notifications',
  item_links: 'links',
  notifications: 'notifications',
  notification_actors: 'notifications',
  email_links: 'account',
  account_exports: 'account',
  security_events: 'security-log',
  home_feeds: 'feed',
  home_feed_entries: 'feed',
};

/** The schema's tables: the variable name each is imported under, and its SQL name. */
const TABLES = Object.entries(schema).flatMap(([name, value]) =>
  isTable(value) ? [{ variable: name, table: getTableName(value) }] : [],
);

/** Where `file` (relative to src, with `/`) may write `table`. */
function mayWrite(file: string, table: string): boolean {
  if (file.startsWith('db/seed/')) return true;
  const owner = OWNERS[table];
  return new RegExp(`^modules/${owner}/(?:[\\w-]+\\.)?queries\\.ts$`).test(file);
}

function sources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(sep).join('/'))
    .filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        !/(?:^|\/)testing\.ts$/.test(file) &&
        !file.startsWith('test/') &&
        !file.startsWith('db/migrations/'),
    );
}

/** The writes in `text`: Drizzle's `.insert(x)`/`.update(x)`/`.delete(x)` and SQL written out. */
function writesIn(text: string): { table: string; line: number }[] {
  const found: { table: string; line: number }[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const byVariable = new Map(TABLES.map((t) => [t.variable, t.table]));
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = byVariable.get(m[1]!);
    if (table) found.push({ table, line: lineOf(m.index) });
  }
  const names = TABLES.map((t) => t.table).join('|');
  const sqlWrite = new RegExp(`\\b(?:insert\\s+into|delete\\s+from|update)\\s+"?(${names})"?\\s`, 'gi');
  for (const m of text.matchAll(sqlWrite)) {
    // SQL in a comment is prose ("update josies ..." in a sentence), not a write.
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    if (/^\s*(?:\/\/|\*|\/\*)/.test(text.slice(lineStart, m.index))) continue;
    found.push({ table: m[1]!.toLowerCase(), line: lineOf(m.index) });
  }
  // SQL with the table interpolated: sql`update ${josies} set ...`.
  for (const m of text.matchAll(/\b(?:insert\s+into|delete\s+from|update)\s+\$\{\s*(\w+)\s*\}/gi)) {
    const table = byVariable.get(m[1]!);
    if (table) found.push({ table, line: lineOf(m.index) });
  }
  return found;
}

describe('table owners', () => {
  it('names an owner for every table of the schema', () => {
    expect(TABLES.map((t) => t.table).filter((table) => !OWNERS[table])).toEqual([]);
  });

  it("writes each table only in its owner module's queries", () => {
    const offenders: string[] = [];
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      for (const { table, line } of writesIn(readFileSync(join(SRC, file), 'utf8'))) {
        if (!mayWrite(file, table))
          offenders.push(`${file}:${line} writes ${table} (owner: ${OWNERS[table]})`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('sees a write through Drizzle and one written out in SQL', () => {
    const text = [
      'await tx.update(josies).set({});',
      'await db.execute(sql`delete from josie_likes where x`);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of an interpolated table
      'await db.execute(sql`update ${users} set name = 1`);',
    ].join('\n');
    expect(writesIn(text).map((w) => w.table)).toEqual(['josies', 'josie_likes', 'users']);
    expect(mayWrite('modules/likes/queries.ts', 'josie_likes')).toBe(true);
    expect(mayWrite('modules/review/queries.ts', 'josies')).toBe(false);
  });
});
