import {
  COLOURS,
  DEFAULT_CREATOR_COLOUR,
  type Josie,
  type JosieAbilities,
  type JosieReview,
  type Paragraph,
} from '@josie/contract';
import type { josies, users } from '../../db/schema.js';
import { listenItems, type StoredLinks } from '../links/index.js';
import { josieAbilities, type Viewer } from './access.js';

type JosieRow = typeof josies.$inferSelect;
/** The creator fields a josie is presented with. */
export type CreatorRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'avatarUrl' | 'preferences'>;

/** A curator's colour as a CSS value: a catalogue name becomes its hex; empty is the default pink. */
export function creatorColour(myColor: string | undefined): string {
  if (!myColor) return DEFAULT_CREATOR_COLOUR;
  return COLOURS.find((c) => c.name === myColor)?.value ?? myColor;
}

/**
 * Normalises stored paragraphs to the schemaVersion-2 names (`image1` -> `image`, `video1` -> `video`)
 * and drops unknown types, so readers see one shape. docs/product/differences.md#paragraph-types.
 */
export function normaliseParagraphs(stored: JosieRow['paragraphs']): Paragraph[] {
  const out: Paragraph[] = [];
  for (const p of stored ?? []) {
    const type = p.type === 'image1' ? 'image' : p.type === 'video1' ? 'video' : p.type;
    if (type === 'text' || type === 'image' || type === 'video' || type === 'audioItem') {
      out.push({ type, content: p.content } as Paragraph);
    }
  }
  return out;
}

/** Builds the contract {@link Josie}; never sends a row (docs/ARCHITECTURE.md#practices). */
export function presentJosie(
  row: JosieRow,
  creator: CreatorRow | undefined,
  extra: {
    reviews: JosieReview[];
    likedByMe: boolean;
    savedByMe: boolean;
    abilities: JosieAbilities;
    /** The resolver's stored links of the page's items, by item URL (decision 0022). */
    links: ReadonlyMap<string, StoredLinks>;
  },
): Josie {
  const paragraphs = normaliseParagraphs(row.paragraphs);
  const text = paragraphs.find((p) => p.type === 'text');
  return {
    _id: row.id,
    title: row.title,
    text: typeof text?.content === 'string' ? text.content : '',
    status: row.status,
    schemaVersion: row.schemaVersion,
    paragraphs,
    genres: row.genres ?? [],
    creator: {
      _id: creator?.id ?? row.creatorId,
      name: creator?.name ?? '',
      avatar: creator?.avatarUrl ?? null,
      preferences: {
        myColor: creatorColour(creator?.preferences.myColor),
        myFont: creator?.preferences.myFont ?? '',
      },
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    reviews: extra.reviews,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    commentPolicy: row.commentPolicy,
    version: row.version,
    listen: listenItems(paragraphs, extra.links),
    // Before the reader's marks: the read cache appends those to a shared head (reads/read-caches.ts).
    abilities: extra.abilities,
    likedByMe: extra.likedByMe,
    savedByMe: extra.savedByMe,
  };
}

/**
 * The contract josies of `rows` for `viewer` (their abilities,
 * docs/decisions/0015-endpoints-in-the-contract.md); rows not `reviewable` get empty reviews and no rejection
 * reason.
 */
export function presentAll<R extends JosieRow>(
  rows: R[],
  context: (row: R) => {
    creator: CreatorRow | undefined;
    likedByMe: boolean;
    savedByMe: boolean;
    links: ReadonlyMap<string, StoredLinks>;
  },
  reviews: Map<string, JosieReview[]>,
  reviewable: (row: JosieRow) => boolean,
  viewer: Viewer,
): Josie[] {
  return rows.map((row) => {
    const { creator, likedByMe, savedByMe, links } = context(row);
    const josie = presentJosie(row, creator, {
      reviews: reviews.get(row.id) ?? [],
      likedByMe,
      savedByMe,
      links,
      abilities: josieAbilities(viewer, row),
    });
    return reviewable(row) ? josie : { ...josie, reviews: [], rejectionReason: null };
  });
}

/** A josie row read with `presentationColumns` (queries.ts). */
export type PresentableRow = JosieRow & {
  creatorName: string | null;
  creatorAvatarUrl: string | null;
  creatorPreferences: CreatorRow['preferences'] | null;
  likedByMe: boolean;
  savedByMe: boolean;
  /** The resolver's stored links of the josie's items (decision 0022), read in the same statement. */
  listenLinks: StoredLinks[] | null;
};
