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
  comments: 'comments',
  reports: 'reports',
  blocks: 'blocks',
  mutes: 'blocks',
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
  outbox_cursors: 'notifications',
  studio_salts: 'studio',
  studio_marks: 'studio',
  studio_firsts: 'studio',
  studio_josie_days: 'studio',
  studio_josie_running: 'studio',
  studio_curator_days: 'studio',
};

/**
 * Columns another module's statement may write, and nothing else of the row: the like count moves in the
 * like's own statement, so a like is one statement and the count cannot drift from the likes
 * (docs/decisions/0034-a-like-in-one-statement.md).
 */
const SHARED_COLUMNS: { file: string; table: string; column: string }[] = [
  { file: 'modules/likes/queries.ts', table: 'josies', column: 'like_count' },
];

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

/**
 * The writes in `text`: Drizzle's `.insert(x)`/`.update(x)`/`.delete(x)` and SQL written out. `sets` is the
 * one column an interpolated SQL update assigns, when it assigns exactly one (`update ${t} set c = ...
 * where`).
 */
function writesIn(text: string): { table: string; line: number; sets?: string }[] {
  const found: { table: string; line: number; sets?: string }[] = [];
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
    if (!table) continue;
    const rest = text.slice(m.index + m[0].length);
    const set = /^\s*set\s+(\w+)\s*=([\s\S]*?)\bwhere\b/i.exec(rest);
    const one = set && !set[2]!.includes('=') ? set[1] : undefined;
    found.push({ table, line: lineOf(m.index), ...(one ? { sets: one } : {}) });
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
      for (const { table, line, sets } of writesIn(readFileSync(join(SRC, file), 'utf8'))) {
        const shared = SHARED_COLUMNS.some((c) => c.file === file && c.table === table && c.column === sets);
        if (!mayWrite(file, table) && !shared)
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
    // A shared column is one column set, never a second one beside it.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of an interpolated table
    const one = writesIn('sql`update ${josies} set like_count = like_count + 1 where id = 1`');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of an interpolated table
    const two = writesIn('sql`update ${josies} set like_count = 1, title = 2 where id = 1`');
    expect([one[0]?.sets, two[0]?.sets]).toEqual(['like_count', undefined]);
    expect(mayWrite('modules/likes/queries.ts', 'josie_likes')).toBe(true);
    expect(mayWrite('modules/review/queries.ts', 'josies')).toBe(false);
  });
});
