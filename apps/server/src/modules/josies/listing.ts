import type { Josie } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import { resolvableItems, type StoredLinks, storedLinksOf } from '../links/index.js';
import { canSeeReviews, type Viewer } from './access.js';
import { type PresentableRow, presentAll } from './presenter.js';
import { creatorsOf, type JosieRow, reviewsOf, viewerMarks } from './queries.js';

/** The stored links of `list` by item URL. */
const byUrl = (list: readonly StoredLinks[] | null) => new Map((list ?? []).map((l) => [l.itemUrl, l]));

// Lists of josies: what a page needs is read in a fixed number of queries (queries.ts), then presented by
// the pure mappings of presenter.ts (docs/decisions/0016-composition-root-and-module-boundaries.md).

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
  // Every item of the page at once (decision 0022): one statement, none when the page has no item.
  const itemUrls = [...new Set(rows.flatMap((r) => resolvableItems(r.paragraphs).map((i) => i.itemUrl)))];
  const [creators, reviews, marks, links] = await Promise.all([
    creatorsOf(db, creatorIds),
    reviewsOf(
      db,
      rows.filter(reviewable).map((r) => r.id),
    ),
    viewerId ? viewerMarks(db, viewerId, ids) : Promise.resolve({ liked: new Set(), saved: new Set() }),
    storedLinksOf(db, itemUrls),
  ]);
  const linksByUrl = byUrl(links);
  const creatorById = new Map(creators.map((c) => [c.id, c]));
  return presentAll(
    rows,
    (row) => ({
      creator: creatorById.get(row.creatorId),
      likedByMe: marks.liked.has(row.id),
      savedByMe: marks.saved.has(row.id),
      links: linksByUrl,
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
      links: byUrl(r.listenLinks),
    }),
    reviews,
    reviewable,
    viewer,
  );
}
