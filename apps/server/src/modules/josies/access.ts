import { type JosieAbilities, MEDIA_AUTHOR_ROLES, REVIEWER_ROLES, type Role } from '@josie/contract';
import type { JosieRow } from './queries.js';

/** Who looks at a josie: a signed-in user's id and role, or null for a visitor. */
export type Viewer = { id: string; role: Role } | null;

/** Roles that review josies (docs/product/routes-and-roles.md#roles), from the contract's endpoint table. */
export { REVIEWER_ROLES };

/** True for editors and admins. */
export function isReviewer(viewer: Viewer): boolean {
  return viewer !== null && (REVIEWER_ROLES as readonly Role[]).includes(viewer.role);
}

/** Whether `viewer` created the josie. */
export function isCreator(viewer: Viewer, row: Pick<JosieRow, 'creatorId'>): boolean {
  return viewer !== null && viewer.id === row.creatorId;
}

/**
 * Whether `viewer` may edit a josie as its reviewer: an editor or admin while it is pending review
 * (docs/product/differences.md#editors-may-edit). Its creator edits it whatever its status.
 */
export function canEditAsReviewer(viewer: Viewer, row: Pick<JosieRow, 'status'>): boolean {
  return isReviewer(viewer) && row.status === 'pending';
}

/**
 * Whether `viewer` holds a role that writes josies (curator, editor, admin; docs/product/routes-and-roles.md#roles).
 * A creator demoted to listener keeps their josies but no longer edits them: an edit would send them back
 * into the review queue under a role that may not write.
 */
export function isAuthor(viewer: Viewer): boolean {
  return viewer !== null && (MEDIA_AUTHOR_ROLES as readonly Role[]).includes(viewer.role);
}

/**
 * Whether `viewer` may see a josie: everyone sees a published one; a pending or rejected one only its
 * creator, editors and admins (docs/product/routes-and-roles.md#josie-page,
 * docs/product/routes-and-roles.md#roles; docs/product/rules-and-limits.md#josies). Others get the same 404
 * as for an unknown id.
 */
export function canView(viewer: Viewer, row: Pick<JosieRow, 'status' | 'creatorId'>): boolean {
  if (row.status === 'published') return true;
  return isCreator(viewer, row) || isReviewer(viewer);
}

/** Whether `viewer` may read the review history (reviews, rejection reason): the creator and reviewers. */
export function canSeeReviews(viewer: Viewer, row: Pick<JosieRow, 'creatorId'>): boolean {
  return isCreator(viewer, row) || isReviewer(viewer);
}

/** Whether `viewer` may delete a josie: its creator only (docs/product/routes-and-roles.md#authoring). */
export function canDelete(viewer: Viewer, row: Pick<JosieRow, 'creatorId'>): boolean {
  return isCreator(viewer, row);
}

/**
 * What `viewer` may do with a josie, as the answer tells the web
 * (docs/decisions/0015-endpoints-in-the-contract.md): the same rules the services enforce (edit: creator while
 * they hold an author's role ({@link isAuthor}), or a reviewer while pending; review: a reviewer while pending; delete: the creator; seeReviews: {@link
 * canSeeReviews}). All false for a visitor, and for anyone but the creator and the reviewers: the read cache
 * shares one answer among those readers.
 */
export function josieAbilities(viewer: Viewer, row: Pick<JosieRow, 'status' | 'creatorId'>): JosieAbilities {
  const own = isCreator(viewer, row);
  const reviewing = canEditAsReviewer(viewer, row);
  return {
    edit: (own && isAuthor(viewer)) || reviewing,
    review: reviewing,
    delete: canDelete(viewer, row),
    seeReviews: canSeeReviews(viewer, row),
  };
}
