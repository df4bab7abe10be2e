import type { CuratorCard, FeedTheme, Josie } from '@josie/contract';

/** A curator id used by the feed tests. */
export const CURATOR_ID = '0190a0b0-0000-7000-8000-0000000000c1';

/** A published feed-shaped josie for tests (test-only; never imported by the app). */
export function makeJosie(n: number, overrides: Partial<Josie> = {}): Josie {
  const id = `0190a0b0-0000-7000-8000-${String(n).padStart(12, '0')}`;
  const at = new Date(Date.UTC(2024, 4, 1, 12, 0, 0) - n * 60_000).toISOString();
  return {
    _id: id,
    title: `Josie number ${n}`,
    text: '',
    status: 'published',
    schemaVersion: 2,
    paragraphs: [{ type: 'text', content: `Words about josie ${n}` }],
    genres: [],
    creator: {
      _id: CURATOR_ID,
      name: 'Noa Curates',
      avatar: null,
      preferences: { myColor: '#FF3D8E', myFont: '' },
    },
    createdAt: at,
    updatedAt: at,
    publishedAt: at,
    rejectionReason: null,
    reviews: [],
    likeCount: 0,
    commentCount: 0,
    commentPolicy: 'everyone',
    version: 1,
    listen: [],
    likedByMe: false,
    savedByMe: false,
    abilities: { edit: false, review: false, delete: false, seeReviews: false },
    ...overrides,
  };
}

/** `count` josies numbered from `from`. */
export function makeJosies(from: number, count: number): Josie[] {
  return Array.from({ length: count }, (_, i) => makeJosie(from + i));
}

/** A feed answer. */
export function feedPage(posts: Josie[], nextCursor: string | null = null) {
  return { data: { posts, hasMore: nextCursor !== null, nextCursor } };
}

/** A curator card of the home strip. */
export function makeCuratorCard(n: number, overrides: Partial<CuratorCard> = {}): CuratorCard {
  const id = `0190a0b0-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`;
  return { _id: id, id, name: `Curator ${n}`, avatar: null, font: 'Anton', color: '#87A9FF', ...overrides };
}

/** The preferences answer with `theme`. */
export function preferencesAnswer(theme: FeedTheme = 'josie') {
  return {
    success: true,
    preferences: { theme, genres: ['Pop'], interests: ['Concerts'], myFont: '', myColor: '' },
  };
}
