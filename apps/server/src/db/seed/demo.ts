import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FollowSource, Role } from '@josie/contract';
import { inArray } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage.js';
import { hashPassword } from '../../modules/auth/index.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import type { Db } from '../client.js';
import { follows, type PreferencesColumn, users } from '../schema.js';

const assets = SEED_ASSETS_DIR;

/** One demo account; every one shares the password in `DEMO_PASSWORD`. */
export interface DemoAccount {
  key: string;
  name: string;
  email: string;
  role: Role;
  bio: string;
  preferences: PreferencesColumn;
  /** Whether `assets/avatar-<key>.webp` ships; the accounts added later show their initials instead. */
  avatar?: false;
}

/**
 * The demo accounts: one per role, five curators (one writing in Hebrew) with distinct fonts and colours,
 * three listeners.
 */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    key: 'admin',
    name: 'Ada Admin',
    email: 'admin@demo.josie',
    role: 'admin',
    bio: 'Keeps Josie running.',
    preferences: {},
  },
  {
    key: 'editor',
    name: 'Eli Editor',
    email: 'editor@demo.josie',
    role: 'editor',
    bio: 'Reviews every josie with care.',
    preferences: {},
  },
  {
    key: 'curator1',
    name: 'Maya Groove',
    email: 'curator1@demo.josie',
    role: 'curator',
    bio: 'Funk, soul and everything with a bassline.',
    preferences: {
      myFont: 'Permanent Marker',
      myColor: 'Pink',
      genres: ['Funk', 'Soul', 'Disco'],
      interests: ['VinylCollection', 'Concerts'],
    },
  },
  {
    key: 'curator2',
    name: 'Noam Waves',
    email: 'curator2@demo.josie',
    role: 'curator',
    bio: 'Synths at night, guitars by day.',
    preferences: {
      myFont: 'Anton',
      myColor: 'Blue',
      genres: ['Electronic', 'Rock', 'House'],
      interests: ['MusicProduction', 'DJing'],
    },
  },
  {
    key: 'curator3',
    name: 'Dana Hooks',
    email: 'curator3@demo.josie',
    role: 'curator',
    bio: 'Pop hooks and the stories behind them.',
    preferences: {
      myFont: 'Comic Neue',
      myColor: 'Bright Pink',
      genres: ['Pop', 'Indie', 'HipHop'],
      interests: ['NewReleases', 'Songwriting'],
    },
  },
  {
    key: 'curator4',
    name: 'יעל ניגון',
    email: 'curator4@demo.josie',
    role: 'curator',
    bio: 'שירים שמספרים סיפור, מהרדיו של אבא ועד הפלייליסט של הבוקר.',
    avatar: false,
    preferences: {
      myFont: 'Delius',
      myColor: 'Light Blue',
      genres: ['Folk', 'Soul', 'Reggae'],
      interests: ['Songwriting', 'Concerts'],
    },
  },
  {
    key: 'curator5',
    name: 'Sam Bluenote',
    email: 'curator5@demo.josie',
    role: 'curator',
    bio: 'Jazz, blues and country: the roots under every hit.',
    avatar: false,
    preferences: {
      myFont: 'Oranienbaum',
      myColor: 'Yellow',
      genres: ['Jazz', 'Blues', 'Country'],
      interests: ['VinylCollection', 'MusicHistory'],
    },
  },
  {
    key: 'listener1',
    name: 'Lior Listener',
    email: 'listener1@demo.josie',
    role: 'listener',
    bio: '',
    preferences: { genres: ['Pop', 'Funk'], interests: ['Concerts'] },
  },
  {
    key: 'listener2',
    name: 'Omer Ears',
    email: 'listener2@demo.josie',
    role: 'listener',
    bio: '',
    preferences: { genres: ['Electronic'], interests: ['DJing'] },
  },
  {
    key: 'listener3',
    name: 'נועה אוזניים',
    email: 'listener3@demo.josie',
    role: 'listener',
    bio: '',
    avatar: false,
    preferences: { genres: ['Folk', 'Jazz', 'Metal'], interests: ['Concerts'] },
  },
];

/** One demo follow: who follows which curator, since how many days, and where they pressed Follow. */
export interface DemoFollow {
  follower: string;
  curator: string;
  daysAgo: number;
  source: FollowSource;
  /** Days ago it was undone: a follow that no longer stands, kept only in the studio's history. */
  endedDaysAgo?: number;
}

/**
 * The demo's follows over the three months since the accounts joined, with where each was pressed (the
 * studio's "where new followers came from", decision 0050); two were undone since.
 */
export const DEMO_FOLLOWS: DemoFollow[] = [
  { follower: 'listener1', curator: 'curator1', daysAgo: 83, source: 'onboarding' },
  { follower: 'listener1', curator: 'curator2', daysAgo: 66, source: 'explore' },
  { follower: 'listener2', curator: 'curator2', daysAgo: 70, source: 'onboarding' },
  { follower: 'listener2', curator: 'curator3', daysAgo: 41, source: 'search' },
  { follower: 'listener3', curator: 'curator4', daysAgo: 44, source: 'josie' },
  { follower: 'listener3', curator: 'curator5', daysAgo: 20, source: 'curator' },
  { follower: 'listener1', curator: 'curator4', daysAgo: 9, source: 'josie' },
  { follower: 'listener2', curator: 'curator1', daysAgo: 30, source: 'explore', endedDaysAgo: 12 },
  { follower: 'curator3', curator: 'curator5', daysAgo: 25, source: 'josie', endedDaysAgo: 6 },
];

const DAY = 24 * 60 * 60 * 1000;

/**
 * Seeds the demo accounts (with avatars shipped in the repo), joined a little over three months ago, and
 * their follows that stand ({@link DEMO_FOLLOWS}), once: it does nothing when the admin demo account exists. Never called against a database given by `DATABASE_URL` unless
 * `DEMO_DATA=true` asks for it.
 *
 * @returns the ids of the demo accounts by key, or null when they already existed.
 */
export async function seedDemo(
  db: Db,
  storage: Storage,
  password: string,
): Promise<Record<string, string> | null> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  if (existing.length > 0) return null;

  const passwordHash = await hashPassword(password);
  const ids: Record<string, string> = {};
  const now = Date.now();
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const key = `avatars/demo-${account.key}.webp`;
    // Before their first josies and follows; in the list's order, so the last listed is the newest.
    const joinedAt = new Date(now - (100 - index) * DAY);
    if (account.avatar !== false) {
      await storage.put(key, await readFile(join(assets, `avatar-${account.key}.webp`)), 'image/webp');
    }
    const [row] = await db
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        passwordHash,
        role: account.role,
        bio: account.bio,
        avatarUrl: account.avatar === false ? null : storage.publicUrl(key),
        preferences: account.preferences,
        onboarding: { completed: true, step: 3 },
        // Demo accounts start verified (docs/decisions/0025-account-and-data.md, "Verification").
        emailVerifiedAt: joinedAt,
        createdAt: joinedAt,
      })
      .returning({ id: users.id });
    ids[account.key] = row!.id;
  }
  await db.insert(follows).values(
    DEMO_FOLLOWS.filter((f) => f.endedDaysAgo === undefined).map((f) => ({
      followerId: ids[f.follower]!,
      curatorId: ids[f.curator]!,
      createdAt: new Date(now - f.daysAgo * DAY),
    })),
  );
  return ids;
}
