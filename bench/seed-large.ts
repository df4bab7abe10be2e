/**
 * Seeds the large data set into a real PostgreSQL database for the benchmarks: 10,000 users (1,000
 * curators), 200,000 published josies, 100,000 follows and 1,000,000 likes, with like counts in step.
 * The same generator seeds the peer's shape ({@link PEER_SIZES}) into a database of its own. Idempotent:
 * does nothing when the data set is already there. Usage: `npx tsx bench/seed-large.ts [peer]`
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/josie_bench; `peer` seeds
 * `<BENCH_DATABASE_URL>_peer`).
 */
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedReference } from '../apps/server/src/db/seed/reference.js';
import { BENCH_DATABASE_URL, ensureDatabase } from './lib/db.js';
import { machineLine } from './lib/machine.js';

/**
 * The size of a seeded data set. Users `bench1..bench<curators>` are curators, the rest listeners; josies
 * go round the curators; followers are the listeners (every user when all are curators, never following
 * themselves), `follows / followers` each; likes go round all users.
 */
export interface Sizes {
  users: number;
  curators: number;
  josies: number;
  follows: number;
  likes: number;
}

/** The large data set (docs/performance.md). */
export const SIZES: Sizes = {
  users: 10_000,
  curators: 1_000,
  josies: 200_000,
  follows: 100_000,
  likes: 1_000_000,
};

/**
 * The RealWorld peer's data set (docs/performance.md), seeded into its own database: 1,000 users who are
 * all curators (in RealWorld every user writes articles and follows any other), 50 follows each, 20,000
 * published josies (20 each) and about 51,000 likes (self-follows and repeated likes drawn are skipped).
 */
export const PEER_SIZES: Sizes = {
  users: 1_000,
  curators: 1_000,
  josies: 20_000,
  follows: 50_000,
  likes: 51_000,
};

/** The peer shape's database: `<BENCH_DATABASE_URL>_peer` on the same server. */
export function peerDatabaseUrl(url = BENCH_DATABASE_URL): string {
  const peer = new URL(url);
  peer.pathname = `${peer.pathname}_peer`;
  return peer.toString();
}
export const BENCH_PASSWORD = 'bench-password';

/**
 * Words the josies are made of (docs/performance.md#search): about two thirds English and one third Hebrew
 * josies; titles of two or three common words, a text paragraph of a dozen, an audio item with a track
 * name and an artist, and one to three genres. Words are drawn with a skew (the square of a uniform draw),
 * so a few are in thousands of josies and most in a few hundred, as in real text; artists are first names
 * times surnames (2,500 English and 1,600 Hebrew), so one artist is in a few dozen josies.
 */
const ENGLISH_WORDS = `love night summer heart road dance light blue fire rain dream city song music soul rock
  morning river home wild gold sun moon star sky sea ocean wind storm dark sweet slow fast young old time
  world life day girl boy baby lady king queen golden silver electric midnight sunset sunrise highway
  freedom memory story letter window garden forest mountain desert island train station radio guitar piano
  drums voice whisper echo shadow mirror paper diamond crystal velvet honey sugar coffee whiskey wine smoke
  thunder lightning rainbow winter spring autumn weekend holiday party groove rhythm beat bass melody harmony
  chorus verse anthem ballad lullaby serenade blues jazz soul funk disco house techno ambient acoustic
  vintage classic modern lost found broken hidden secret open closed empty full lonely happy sad crazy
  beautiful dangerous gentle quiet loud bright cold warm hot tender hungry restless endless forever never
  always tonight tomorrow yesterday paradise heaven angel devil ghost stranger lover friend brother sister
  mother father children family wedding funeral birthday journey escape return arrival departure`
  .split(/\s+/)
  .filter(Boolean);
const HEBREW_WORDS = `אהבה לילה קיץ לב דרך ריקוד אור כחול אש גשם חלום עיר שיר מוזיקה נשמה בוקר נהר בית שמש ירח
  כוכב שמיים ים רוח סערה חושך מתוק זמן עולם חיים יום ילדה ילד זהב כסף חצות שקיעה זריחה חופש זיכרון סיפור
  מכתב חלון גינה יער הר מדבר אי רכבת תחנה רדיו גיטרה פסנתר תופים קול לחישה הד צל מראה נייר יהלום דבש סוכר
  קפה יין עשן רעם ברק קשת חורף אביב סתיו סוף שבוע חג מסיבה קצב מנגינה הרמוניה פזמון בית בלדה שיר ערש
  ישן חדש אבוד נמצא שבור נסתר סוד פתוח ריק מלא בודד שמח עצוב משוגע יפה שקט רועש חם קר רך רעב לנצח אף פעם
  תמיד הלילה מחר אתמול גן עדן מלאך זר אוהב חבר אח אחות אמא אבא ילדים משפחה חתונה יום הולדת מסע בריחה חזרה
  ירושלים תל אביב חיפה גליל נגב כנרת מזרחית ים תיכוני`
  .split(/\s+/)
  .filter(Boolean);
const ENGLISH_FIRST =
  `John Paul George Ringo Mick Keith David Freddie Brian Roger Elton Stevie Aretha Nina Ella
  Billie Miles John Louis Duke Bob Joni Leonard Neil Bruce Tom Patti Debbie Kate Bjork Thom Damon Noel Liam
  Amy Adele Taylor Billie Dua Harry Ed Lana Frank Kendrick Rihanna Marvin Otis Sam Al Curtis`
    .split(/\s+/)
    .filter(Boolean);
const ENGLISH_LAST = `Lennon McCartney Harrison Starr Jagger Richards Bowie Mercury May Taylor John Wonder
  Franklin Simone Fitzgerald Holiday Davis Coltrane Armstrong Ellington Dylan Mitchell Cohen Young Springsteen
  Waits Smith Harry Bush Yorke Albarn Gallagher Winehouse Swift Eilish Lipa Styles Sheeran Rey Ocean Lamar
  Gaye Redding Cooke Green Mayfield Beatles Stones Queen Nirvana Radiohead`
  .split(/\s+/)
  .filter(Boolean);
const HEBREW_FIRST = `אריק שלום מאיר יהורם חווה עפרה זוהר שלמה יהודית נורית אביב ברי רונה שרית מתי אתי
  קרן עידן אהוד יוני דני רמי גידי שלמה אפרת נועה שירי עומר אסף ישי חנן רביד יובל דודו ציון`
  .split(/\s+/)
  .filter(Boolean);
const HEBREW_LAST = `איינשטיין חנוך אריאל גאון אלברשטיין חזה ארגוב ארצי רביץ הירש גפן בנאי קיני חדד
  פולק אלמוג רייכל שדה גולן גבאי כהן לוי מזרחי פרץ ביטון דהן אברהם פרידמן שפירא גרינברג בוזגלו אוחיון
  קלינגר`
  .split(/\s+/)
  .filter(Boolean);
const SEED_GENRES = [
  'Pop',
  'Rock',
  'Jazz',
  'House',
  'Funk',
  'Hip-Hop',
  'Classical',
  'Mizrahi',
  'Indie',
  'Soul',
];
/** The arrays of {@link JOSIE_CONTENT}, as its parameters $3 to $9. */
const VOCABULARY = [
  ENGLISH_WORDS,
  HEBREW_WORDS,
  ENGLISH_FIRST,
  ENGLISH_LAST,
  HEBREW_FIRST,
  HEBREW_LAST,
  SEED_GENRES,
];

/**
 * `pick(words, seed)`: a word of `words`, skewed towards the start of the list (the square of a uniform
 * draw), the draw made from `seed`. A temporary function of the seeding session.
 */
const PICK_FUNCTION = `create or replace function pg_temp.pick(words text[], seed bigint) returns text
  language sql immutable as $$
    select words[1 + floor(array_length(words, 1) * power((abs(hashint8(seed)) % 1000000) / 1000000.0, 2))::int]
  $$`;

/** The k-th word of josie `g` in its language (`he`), as SQL. */
const word = (k: number) => `pg_temp.pick(case when he then $4::text[] else $3::text[] end, g * 100 + ${k})`;
/** A uniform pick of `list` (an SQL array) for josie `g`, draw `k`. */
const uniform = (list: string, k: number) =>
  `(${list})[1 + abs(hashint8(g * 100 + ${k})) % array_length(${list}, 1)]`;
const titleWords = `array[${word(1)}, ${word(2)}] || case when g % 2 = 0 then array[${word(3)}] else '{}'::text[] end`;

/**
 * A lateral subquery of one josie's title, paragraphs and genres, drawn from the words above by its number
 * `g` (deterministic: the same `g` always gives the same josie); every third josie is Hebrew. Needs
 * {@link PICK_FUNCTION} and {@link VOCABULARY} as $3 to $9.
 */
const JOSIE_CONTENT = `
  select
    case when he then array_to_string(${titleWords}, ' ') else initcap(array_to_string(${titleWords}, ' ')) end
      as title,
    jsonb_build_array(
      jsonb_build_object('type', 'text', 'content',
        array_to_string(array(select ${word(0).replace('g * 100 + 0', 'g * 100 + 10 + k')} from generate_series(1, 12) k), ' ') || '.'),
      jsonb_build_object('type', 'audioItem', 'content', jsonb_build_object(
        'name', case when he then ${word(30)} || ' ' || ${word(31)} else initcap(${word(30)} || ' ' || ${word(31)}) end,
        'artist', case when he then ${uniform('$7::text[]', 41)} || ' ' || ${uniform('$8::text[]', 42)}
                       else ${uniform('$5::text[]', 41)} || ' ' || ${uniform('$6::text[]', 42)} end,
        'type', 'track', 'url', 'https://open.spotify.com/track/003vvx7Niy0yvhvHt4a68B', 'provider', 'spotify',
        'image', null))) as paragraphs,
    array(select distinct ${uniform('$9::text[]', 50).replace('g * 100 + 50', 'g * 100 + 50 + k')}
          from generate_series(1, 1 + g % 3) k) as genres
  from (select (g % 3 = 0) as he) as lang`;

/**
 * Gives the josies of a data set seeded before they had genres and words the content above (the rows stay,
 * so likes and follows do too); answers the elapsed time in ms.
 */
async function rewriteContent(client: pg.Client): Promise<number> {
  const started = Date.now();
  console.log('  rewriting the josies of an older data set with genres and words');
  await client.query(PICK_FUNCTION);
  await client.query(
    `with numbered as (select id, row_number() over (order by published_at desc, id) as g from josies)
     update josies set title = content.title, paragraphs = content.paragraphs, genres = content.genres
     from numbered cross join lateral (${JOSIE_CONTENT}) as content
     where josies.id = numbered.id and $1::int is null and $2::int is null`, // $1, $2: the insert's sizes
    [null, null, ...VOCABULARY],
  );
  await client.query('vacuum (analyze) josies');
  return Date.now() - started;
}

/**
 * Seeds `sizes` into the database at `url` (created when missing) when it has fewer josies than that;
 * answers the elapsed time in ms (0 when the data set existed).
 */
export async function seedLarge(url = BENCH_DATABASE_URL, sizes: Sizes = SIZES): Promise<number> {
  // Followers: the listeners, or every user when all are curators (the peer's shape).
  const firstFollower = sizes.curators < sizes.users ? sizes.curators + 1 : 1;
  const followers = sizes.users - firstFollower + 1;
  await ensureDatabase(url);
  const database = await openDatabase({ url, dataDir: '/tmp' });
  await database.migrate();
  await seedReference(database.db);
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string; tagged: boolean }>(
      `select count(*) as n, bool_or(genres <> '{}') as tagged from josies`,
    );
    if (Number(rows[0]?.n) >= sizes.josies) {
      if (rows[0]?.tagged) return 0;
      return await rewriteContent(client);
    }
    const started = Date.now();
    const passwordHash = await hash(BENCH_PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const t = Date.now();
      await client.query(sql, params);
      console.log(`  ${label}: ${Date.now() - t} ms`);
    };
    await client.query(PICK_FUNCTION);
    await client.query('begin');
    await step(
      'users',
      `insert into users (name, email, password_hash, role, preferences, onboarding)
       select 'Bench ' || g, 'bench' || g || '@bench.josie', $1,
              case when g <= $2 then 'curator' else 'listener' end,
              jsonb_build_object('genres', jsonb_build_array((array['Pop','Rock','Jazz','House','Funk'])[1 + g % 5]),
                                 'myFont', 'Anton', 'myColor', 'Blue'),
              '{"completed": true, "step": 3}'::jsonb
       from generate_series(1, $3) g`,
      [passwordHash, sizes.curators, sizes.users],
    );
    await step(
      'numbered users',
      `create temp table nu as select row_number() over (order by email) as n, id, role from users where email like 'bench%@bench.josie';
       create index on nu (n);`,
    );
    await step(
      'josies',
      `insert into josies (creator_id, title, paragraphs, genres, status, created_at, updated_at, published_at)
       select c.id, content.title, content.paragraphs, content.genres, 'published', t, t, t
       from generate_series(1, $1) g
       join nu c on c.n = 1 + (g % $2)
       cross join lateral (select now() - (g * interval '150 seconds')) as ts(t)
       cross join lateral (${JOSIE_CONTENT}) as content`,
      [sizes.josies, sizes.curators, ...VOCABULARY],
    );
    await step(
      'follows',
      `insert into follows (follower_id, curator_id)
       select f.id, c.id
       from generate_series(0, $1 - 1) g
       join nu f on f.n = $3 + (g % $4)
       join nu c on c.n = 1 + ((g / $4) * 97 + g * 31) % $2
       where f.id <> c.id
       on conflict do nothing`,
      [sizes.follows, sizes.curators, firstFollower, followers],
    );
    await step(
      'numbered josies',
      `create temp table nj as select row_number() over (order by id) as n, id from josies; create index on nj (n);`,
    );
    await step(
      'likes',
      `insert into josie_likes (josie_id, user_id)
       select j.id, u.id
       from generate_series(0, $1 - 1) g
       join nu u on u.n = 1 + (g % $2)
       join nj j on j.n = 1 + ((g::bigint * 7919 + (g / $2) * 104729) % $3)
       on conflict do nothing`,
      [sizes.likes, sizes.users, sizes.josies],
    );
    await step(
      'like counts',
      `update josies set like_count = l.c from (select josie_id, count(*) c from josie_likes group by josie_id) l where l.josie_id = josies.id`,
    );
    // The data set's likes are history: the like notifications read on after them (decision 0034).
    await step(
      'likes read',
      `update outbox_cursors set position = pg_current_xact_id() where name = 'likes'`,
    );
    await client.query('commit');
    // Statistics for the planner, and the visibility map that index-only scans need (autovacuum's work).
    await step('vacuum analyze', 'vacuum (analyze)');
    const counts = await client.query(
      `select (select count(*) from users) users, (select count(*) from josies) josies,
              (select count(*) from follows) follows, (select count(*) from josie_likes) likes`,
    );
    console.log('  rows:', counts.rows[0]);
    return Date.now() - started;
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(machineLine());
  const peer = process.argv[2] === 'peer';
  const what = peer ? 'the peer shape' : 'the large data set';
  const ms = peer ? await seedLarge(peerDatabaseUrl(), PEER_SIZES) : await seedLarge();
  console.log(ms ? `seeded ${what} in ${(ms / 1000).toFixed(1)} s` : `${what} already present`);
}
