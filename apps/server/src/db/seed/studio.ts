import { type ShareChannel, type StudioService, type StudioSurface, studioItem } from '@josie/contract';
import { createReaders, type ReaderOrigin, type StudioServerEvent } from '../../modules/studio/index.js';
import type { Db } from '../client.js';
import { analyticsEvents } from '../schema.js';
import { DEMO_ACCOUNTS, DEMO_FOLLOWS } from './demo.js';
import type { DemoAuthor, PublishedDemoJosie, SeededDemoJosies } from './josies.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A small seeded generator (mulberry32): the same demo history on every first start, so its figures can be
 * told apart from a bug. Not for anything secret.
 */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** One of `weights`' keys, each as likely as its weight. */
  const weighted = <K extends string>(weights: Record<K, number>): K => {
    const entries = Object.entries(weights) as [K, number][];
    let left = next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      left -= w;
      if (left < 0) return key;
    }
    return entries.at(-1)![0];
  };
  /** A Poisson draw of mean `mean` (Knuth's method; the demo's means are small). */
  const poisson = (mean: number) => {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let p = next(); p > limit; p *= next()) k += 1;
    return k;
  };
  return { next, pick, weighted, poisson };
}

/** Browsers the demo's visitors read with, and one crawler, whose events are stored as a bot's. */
const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
] as const;
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Where the demo's readers come from (decision 0050's surfaces): visitors mostly from outside. */
const VISITOR_SURFACES: Record<StudioSurface, number> = {
  external: 30,
  explore: 24,
  search: 12,
  curator: 12,
  genre: 10,
  other: 8,
  invite: 3,
  feed: 1,
};
const MEMBER_SURFACES: Record<StudioSurface, number> = {
  feed: 45,
  curator: 15,
  explore: 14,
  other: 10,
  search: 8,
  genre: 7,
  external: 1,
  invite: 0,
};
const CHANNELS: Record<ShareChannel, number> = { native: 55, copy: 40, other: 5 };

/**
 * The services listeners who chose their own play on (decision 0022), by weight: some of the demo's plays and
 * "Also on" clicks are theirs, so a josie's plays by service name more than Spotify and YouTube.
 */
const OWN_SERVICES: Record<Exclude<StudioService, 'spotify' | 'youtube' | 'other'>, number> = {
  appleMusic: 35,
  deezer: 20,
  youtubeMusic: 20,
  tidal: 10,
  soundcloud: 10,
  amazonMusic: 5,
};

/** The service of an item's URL, as the studio counts plays (decision 0050). */
const serviceOf = (url: string): StudioService =>
  url.includes('spotify.com') ? 'spotify' : url.includes('youtube.com') ? 'youtube' : 'other';

/** The demo's members who read josies: the listeners and curators, with the language they read in. */
const MEMBERS: { key: DemoAuthor; hebrew: boolean }[] = [
  { key: 'listener1', hebrew: false },
  { key: 'listener2', hebrew: false },
  { key: 'listener3', hebrew: true },
  { key: 'curator1', hebrew: false },
  { key: 'curator2', hebrew: false },
  { key: 'curator3', hebrew: false },
  { key: 'curator4', hebrew: true },
  { key: 'curator5', hebrew: false },
];

/** One event before its reader is hashed. */
interface Draft {
  name: string;
  at: Date;
  params: Record<string, string | boolean>;
  /** Who read (a studio reader event); null for the server's own events, which have no reader. */
  origin: ReaderOrigin | null;
}

/**
 * Seeds three months of reader activity on the published demo josies into `analytics_events`, as the app
 * records it (docs/decisions/0050-curator-studio-counts.md), so that the demo curators' studios open with
 * believable charts once the rollup has counted them:
 *
 * - reader events as the web sends them (`josie_view` with its surface and the reader's language,
 *   `josie_play` of the josie's items by service, `also_on_click`, `josie_share`, `follow_source`), each
 *   with its reader hashed by the studio's own `readerOf` with the salt of the event's day: visitors (an
 *   address of the documentation ranges and a browser), the demo members signed in, and a crawler whose
 *   views are stored as a bot's;
 * - the server's own events (`josie_like`, `josie_save`, `josie_comment`, `follow_gained`, `follow_lost`)
 *   exactly for the demo's likes, saves, comments and follows, at their times, as the studio's listeners
 *   record them.
 *
 * Views come from a josie's publication on, most in its first week, a few a day after; Hebrew josies are
 * read mostly in Hebrew. The same events on every first start (a seeded generator). Raw events only: the
 * rollup (the job `studio.rollup`) makes the studio's tables from them.
 *
 * @param ids - demo account ids by key, as `seedDemo` returns them.
 * @returns how many events were written.
 */
export async function seedDemoStudio(
  db: Db,
  ids: Record<string, string>,
  seeded: SeededDemoJosies,
  now: number = Date.now(),
): Promise<number> {
  const random = generator(0x10517e);
  const account = (key: string) => {
    const id = ids[key];
    if (!id) throw new Error(`Demo account ${key} is missing`);
    return id;
  };
  const roleOf = (key: string) => DEMO_ACCOUNTS.find((a) => a.key === key)?.role ?? 'listener';
  // A few hundred visitors, some coming back on other days; half of them read Hebrew.
  const visitors = Array.from({ length: 400 }, (_, i) => ({
    ip:
      i % 5 === 0
        ? `2001:db8::${(i + 1).toString(16)}`
        : `${i % 2 ? '198.51.100' : '203.0.113'}.${(i % 250) + 1}`,
    userAgent: random.pick(USER_AGENTS),
    hebrew: random.next() < 0.5,
  }));
  const latest = now - MINUTE;
  const drafts: Draft[] = [];

  for (const josie of seeded.published) {
    drafts.push(...readsOf(josie));
    for (const like of josie.likes) drafts.push(server('josie_like', like.at, { josie_id: josie.id }));
    for (const save of josie.saves) drafts.push(server('josie_save', save.at, { josie_id: josie.id }));
  }
  for (const comment of seeded.comments) {
    drafts.push(server('josie_comment', comment.at, { josie_id: comment.josieId }));
  }
  for (const follow of DEMO_FOLLOWS) {
    const at = new Date(now - follow.daysAgo * DAY + random.next() * 8 * HOUR);
    const curator = { curator_id: account(follow.curator) };
    drafts.push(
      {
        name: 'follow_source',
        at,
        params: { ...curator, source: follow.source, ...userProperties(follow.follower, false) },
        origin: { userId: account(follow.follower), ip: '203.0.113.1', userAgent: USER_AGENTS[0] },
      },
      server('follow_gained', new Date(at.getTime() + 1000), curator),
    );
    if (follow.endedDaysAgo !== undefined) {
      drafts.push(server('follow_lost', new Date(now - follow.endedDaysAgo * DAY), curator));
    }
  }

  function server(name: StudioServerEvent, at: Date, params: Record<string, string>): Draft {
    return { name, at, params, origin: null };
  }

  /** The properties the web adds to every event (`apps/web/src/analytics/track.ts`). */
  function userProperties(key: string | null, hebrew: boolean) {
    return {
      language: hebrew ? 'he' : 'en',
      user_role: key ? roleOf(key) : 'listener',
      streaming_connected: key !== null && random.next() < 0.4,
    };
  }

  /** Views of `josie` day by day from its publication, with the plays, clicks and shares they led to. */
  function readsOf(josie: PublishedDemoJosie): Draft[] {
    const out: Draft[] = [];
    const popularity = 3 + 1.5 * josie.likes.length + 3 * random.next();
    const start = josie.publishedAt.getTime();
    for (let day = 0; start + day * DAY < latest; day++) {
      const weekend = [5, 6].includes(new Date(start + day * DAY).getUTCDay()) ? 1.3 : 1;
      const mean = popularity * weekend * (0.2 + 2.4 * Math.exp(-day / 4));
      for (let n = random.poisson(mean); n > 0; n--) {
        const at = start + (day + random.next()) * DAY;
        if (at > latest) continue;
        out.push(...visit(josie, at));
      }
    }
    return out;
  }

  /** One reader's visit of `josie` at `at`: its view, and perhaps a play, a click on "Also on", a share. */
  function visit(josie: PublishedDemoJosie, at: number): Draft[] {
    const id = { josie_id: josie.id };
    if (random.next() < 0.03) {
      const origin = { userId: null, ip: '66.249.66.1', userAgent: CRAWLER };
      const params = { ...id, surface: 'external', ...userProperties(null, false) };
      return [{ name: 'josie_view', at: new Date(at), params, origin }];
    }
    const member = random.next() < 0.2 ? random.pick(MEMBERS) : null;
    const visitor = random.pick(visitors);
    // Hebrew josies find Hebrew readers; English ones are read in both languages.
    const reads = member?.hebrew ?? visitor.hebrew;
    const hebrew = josie.hebrew ? random.next() < (reads ? 0.95 : 0.6) : reads && random.next() < 0.6;
    const origin: ReaderOrigin = member
      ? { userId: account(member.key), ip: visitor.ip, userAgent: visitor.userAgent }
      : { userId: null, ip: visitor.ip, userAgent: visitor.userAgent };
    const props = userProperties(member?.key ?? null, hebrew);
    const surface = random.weighted(member ? MEMBER_SURFACES : VISITOR_SURFACES);
    const later = (minutes: number) => new Date(Math.min(at + minutes * MINUTE, latest));
    const out: Draft[] = [
      { name: 'josie_view', at: new Date(at), params: { ...id, surface, ...props }, origin },
    ];
    if (josie.items.length > 0 && random.next() < 0.45) {
      const item = random.pick(josie.items);
      const service = random.next() < 0.18 ? random.weighted(OWN_SERVICES) : serviceOf(item);
      const params = { ...id, item: studioItem(item), service, ...props };
      out.push({ name: 'josie_play', at: later(1 + random.next() * 2), params, origin });
      if (random.next() < 0.15) {
        // "Also on": the reader listens on another service.
        const other = serviceOf(item) === 'spotify' ? 'youtube' : 'spotify';
        const service = random.next() < 0.5 ? other : random.weighted(OWN_SERVICES);
        out.push({
          name: 'also_on_click',
          at: later(2 + random.next() * 3),
          params: { ...id, service, ...props },
          origin,
        });
      }
    }
    if (random.next() < 0.04) {
      const channel = random.weighted(CHANNELS);
      out.push({
        name: 'josie_share',
        at: later(4 + random.next() * 4),
        params: { ...id, channel, ...props },
        origin,
      });
    }
    return out;
  }

  // Hashed in time order: the studio's hasher keeps one day's salt at a time.
  drafts.sort((a, b) => a.at.getTime() - b.at.getTime());
  const readers = createReaders({ db });
  const rows: (typeof analyticsEvents.$inferInsert)[] = [];
  for (const draft of drafts) {
    const hashed = draft.origin
      ? await readers.readerOf(draft.origin, draft.at)
      : { reader: null, bot: false };
    rows.push({
      name: draft.name,
      params: draft.params,
      userId: draft.origin?.userId ?? null,
      at: draft.at,
      reader: hashed.reader,
      bot: hashed.bot,
    });
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(analyticsEvents).values(rows.slice(i, i + 1000));
  return rows.length;
}
