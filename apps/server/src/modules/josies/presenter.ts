import {
  COLOURS,
  DEFAULT_CREATOR_COLOUR,
  type Josie,
  type JosieAbilities,
  type JosieReview,
  type Paragraph,
} from '@josie/contract';
import { and, asc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { josieLikes, josieReviews, josieSaves, josies, users } from '../../db/schema.js';
import { canSeeReviews, josieAbilities, type Viewer } from './access.js';

type JosieRow = typeof josies.$inferSelect;
type CreatorRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'avatarUrl' | 'preferences'>;

/** A curator's colour as a CSS value: a catalogue name becomes its hex; empty is the default pink. */
export function creatorColour(myColor: string | undefined): string {
  if (!myColor) return DEFAULT_CREATOR_COLOUR;
  return COLOURS.find((c) => c.name === myColor)?.value ?? myColor;
}

/**
 * Normalises stored paragraphs to the schemaVersion-2 names (`image1` -> `image`, `video1` -> `video`)
 * and drops unknown types, so readers see one shape. DESIGN §9.2.
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

/** Builds the contract {@link Josie}; never sends a row (STYLE practice 5). */
export function presentJosie(
  row: JosieRow,
  creator: CreatorRow | undefined,
  extra: { reviews: JosieReview[]; likedByMe: boolean; savedByMe: boolean; abilities: JosieAbilities },
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
    // Before the reader's marks: the read cache appends those to a shared head (feed/read-caches.ts).
    abilities: extra.abilities,
    likedByMe: extra.likedByMe,
    savedByMe: extra.savedByMe,
  };
}

/**
 * The josies among `ids` that `viewerId` liked and saved, in one statement (`union all` of the two
 * primary-key reads), so a page costs one round trip for both marks.
 */
async function viewerMarks(db: Executor, viewerId: string, ids: string[]) {
  const rows = await db
    .select({ id: josieLikes.josieId, mark: sql<'like' | 'save'>`'like'` })
    .from(josieLikes)
    .where(and(eq(josieLikes.userId, viewerId), inArray(josieLikes.josieId, ids)))
    .unionAll(
      db
        .select({ id: josieSaves.josieId, mark: sql<'like' | 'save'>`'save'` })
        .from(josieSaves)
        .where(and(eq(josieSaves.userId, viewerId), inArray(josieSaves.josieId, ids))),
    );
  return {
    liked: new Set(rows.filter((r) => r.mark === 'like').map((r) => r.id)),
    saved: new Set(rows.filter((r) => r.mark === 'save').map((r) => r.id)),
  };
}

/** The review histories of `ids`, oldest review first (no query for none). */
async function reviewsOf(db: Executor, ids: string[]): Promise<Map<string, JosieReview[]>> {
  const byId = new Map<string, JosieReview[]>();
  if (ids.length === 0) return byId;
  const reviews = await db
    .select()
    .from(josieReviews)
    .where(inArray(josieReviews.josieId, ids))
    .orderBy(asc(josieReviews.reviewedAt));
  for (const r of reviews) {
    const list = byId.get(r.josieId) ?? [];
    list.push({
      reviewedAt: r.reviewedAt.toISOString(),
      reviewedBy: r.reviewedBy,
      action: r.action,
      rejectionReason: r.rejectionReason,
    });
    byId.set(r.josieId, list);
  }
  return byId;
}

/**
 * The contract josies of `rows` for `viewer` (their abilities); rows not `reviewable` get empty reviews and
 * no rejection reason.
 */
function presentAll<R extends JosieRow>(
  rows: R[],
  context: (row: R) => { creator: CreatorRow | undefined; likedByMe: boolean; savedByMe: boolean },
  reviews: Map<string, JosieReview[]>,
  reviewable: (row: JosieRow) => boolean,
  viewer: Viewer,
): Josie[] {
  return rows.map((row) => {
    const { creator, likedByMe, savedByMe } = context(row);
    const josie = presentJosie(row, creator, {
      reviews: reviews.get(row.id) ?? [],
      likedByMe,
      savedByMe,
      abilities: josieAbilities(viewer, row),
    });
    return reviewable(row) ? josie : { ...josie, reviews: [], rejectionReason: null };
  });
}

/**
 * Presents many josies with a fixed number of queries whatever their count, so lists and feeds have no
 * N+1: the creators; the review history of the rows in `reviewable` (skipped when there are none, as for
 * a listener's feed); the viewer's likes and saves together (skipped for a visitor). Order of `rows` is
 * kept.
 */
async function presentRows(
  db: Executor,
  rows: JosieRow[],
  viewer: Viewer,
  reviewable: (row: JosieRow) => boolean,
): Promise<Josie[]> {
  const viewerId = viewer?.id ?? null;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const creatorIds = [...new Set(rows.map((r) => r.creatorId))];
  const [creators, reviews, marks] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, avatarUrl: users.avatarUrl, preferences: users.preferences })
      .from(users)
      .where(inArray(users.id, creatorIds)),
    reviewsOf(
      db,
      rows.filter(reviewable).map((r) => r.id),
    ),
    viewerId ? viewerMarks(db, viewerId, ids) : Promise.resolve({ liked: new Set(), saved: new Set() }),
  ]);
  const creatorById = new Map(creators.map((c) => [c.id, c]));
  return presentAll(
    rows,
    (row) => ({
      creator: creatorById.get(row.creatorId),
      likedByMe: marks.liked.has(row.id),
      savedByMe: marks.saved.has(row.id),
    }),
    reviews,
    reviewable,
    viewer,
  );
}

/**
 * Presents many josies, review history included, in a fixed number of queries (see {@link presentRows}).
 *
 * @param viewer - the signed-in user, or null for a visitor (likedByMe/savedByMe and abilities false).
 */
export function presentJosies(db: Executor, rows: JosieRow[], viewer: Viewer): Promise<Josie[]> {
  return presentRows(db, rows, viewer, () => true);
}

/**
 * {@link presentJosies} for a viewer with a role: the review history (reviews and rejection reason) is
 * editorial and goes only to the josie's creator, editors and admins; everyone else gets it empty, and
 * it is not even read for them.
 */
export function presentJosiesFor(db: Executor, rows: JosieRow[], viewer: Viewer): Promise<Josie[]> {
  return presentRows(db, rows, viewer, (row) => canSeeReviews(viewer, row));
}

/** A viewer's user id in a query: a value, a prepared statement's placeholder, or null for a visitor. */
type ViewerParam = string | Placeholder | null;

/**
 * The columns a query selects beside each josie so that presenting it needs no further query (issue 9):
 * the creator's name, avatar and preferences (the query left-joins `users` on `josies.creator_id`), and
 * whether the viewer liked and saved it (primary-key `exists` reads). Hot reads (feeds, a josie by id)
 * thus answer in one statement instead of three.
 */
export function presentationColumns(viewerId: ViewerParam) {
  const marked = (table: typeof josieLikes | typeof josieSaves) =>
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${table} where ${table.josieId} = ${josies.id} and ${table.userId} = ${viewerId})`;
  return {
    creatorName: users.name,
    creatorAvatarUrl: users.avatarUrl,
    creatorPreferences: users.preferences,
    likedByMe: marked(josieLikes),
    savedByMe: marked(josieSaves),
  };
}

/** A josie row read with {@link presentationColumns}. */
export type PresentableRow = JosieRow & {
  creatorName: string | null;
  creatorAvatarUrl: string | null;
  creatorPreferences: CreatorRow['preferences'] | null;
  likedByMe: boolean;
  savedByMe: boolean;
};

/**
 * Presents rows read with {@link presentationColumns} for `viewer`: no query, except one for the review
 * histories when the viewer may see some (the josie's creator, editors and admins).
 */
export async function presentPresentable(
  db: Executor,
  rows: PresentableRow[],
  viewer: Viewer,
): Promise<Josie[]> {
  const reviewable = (row: JosieRow) => canSeeReviews(viewer, row);
  const reviews = await reviewsOf(
    db,
    rows.filter(reviewable).map((r) => r.id),
  );
  return presentAll(
    rows,
    (r) => ({
      creator:
        r.creatorName === null
          ? undefined
          : {
              id: r.creatorId,
              name: r.creatorName,
              avatarUrl: r.creatorAvatarUrl,
              preferences: r.creatorPreferences ?? {},
            },
      likedByMe: r.likedByMe,
      savedByMe: r.savedByMe,
    }),
    reviews,
    reviewable,
    viewer,
  );
}
