import type { ItemLink, Josie } from '@josie/contract';
import { makeUser } from '../../test/fixtures';

/** The id of `makeUser()` / `makeSession()`: the signed-in user of the tests. */
export const ME = makeUser()._id;
/** Another curator. */
export const OTHER_CURATOR = '0190a0b0-0000-7000-8000-0000000000c2';

/** Real ids in the providers' formats (from the demo media). */
export const SPOTIFY_TRACK = 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC';
export const YOUTUBE_VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/**
 * An item's link on `platform` as the link resolver answers it (decision 0022): a search match carries its
 * confidence (0.8 here), every other source none.
 */
export function makeItemLink(
  platform: ItemLink['platform'],
  url: string,
  source: ItemLink['source'] = 'odesli',
): ItemLink {
  return { platform, url, source, confidence: source === 'search' ? 0.8 : null };
}

/** A complete contract `Josie` for tests (published, by another curator); `overrides` replace any field. */
export function makeJosie(overrides: Partial<Josie> = {}): Josie {
  return {
    _id: '0190a0b0-0000-7000-8000-00000000a001',
    title: 'Night drive',
    text: 'Songs for the road after midnight.',
    status: 'published',
    schemaVersion: 2,
    paragraphs: [{ type: 'text', content: 'Songs for the road after midnight.' }],
    genres: [],
    creator: {
      _id: OTHER_CURATOR,
      name: 'Maya Groove',
      avatar: null,
      preferences: { myColor: '#FF3D8E', myFont: 'Permanent Marker' },
    },
    createdAt: '2024-03-01T10:00:00.000Z',
    updatedAt: '2024-03-02T10:00:00.000Z',
    publishedAt: '2024-03-02T10:00:00.000Z',
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
