import { describe, expect, it } from 'vitest';
import {
  canDelete,
  canEditAsReviewer,
  canSeeReviews,
  canView,
  isCreator,
  isReviewer,
  josieAbilities,
  type Viewer,
} from './access.js';

const CREATOR = '0190f2a0-0000-7000-8000-000000000001';
const creator: Viewer = { id: CREATOR, role: 'curator' };
const otherCurator: Viewer = { id: '0190f2a0-0000-7000-8000-000000000002', role: 'curator' };
const listener: Viewer = { id: '0190f2a0-0000-7000-8000-000000000003', role: 'listener' };
const editor: Viewer = { id: '0190f2a0-0000-7000-8000-000000000004', role: 'editor' };
const admin: Viewer = { id: '0190f2a0-0000-7000-8000-000000000005', role: 'admin' };
const josie = (status: 'published' | 'pending' | 'rejected') => ({ status, creatorId: CREATOR });

describe('josie access rules (docs/product/routes-and-roles.md#roles)', () => {
  it('knows reviewers and creators', () => {
    expect([editor, admin].every(isReviewer)).toBe(true);
    expect([creator, listener, null].some(isReviewer)).toBe(false);
    expect(isCreator(creator, josie('published'))).toBe(true);
    expect(isCreator(otherCurator, josie('published'))).toBe(false);
    expect(isCreator(null, josie('published'))).toBe(false);
  });

  it('shows a published josie to everyone, a pending or rejected one to its creator and reviewers', () => {
    for (const viewer of [null, listener, otherCurator, creator, editor]) {
      expect(canView(viewer, josie('published'))).toBe(true);
    }
    for (const status of ['pending', 'rejected'] as const) {
      expect(canView(creator, josie(status))).toBe(true);
      expect(canView(editor, josie(status))).toBe(true);
      expect(canView(admin, josie(status))).toBe(true);
      expect(canView(null, josie(status))).toBe(false);
      expect(canView(listener, josie(status))).toBe(false);
      expect(canView(otherCurator, josie(status))).toBe(false);
    }
  });

  it('shows the review history to the creator and reviewers only', () => {
    expect(canSeeReviews(creator, josie('rejected'))).toBe(true);
    expect(canSeeReviews(editor, josie('rejected'))).toBe(true);
    expect(canSeeReviews(otherCurator, josie('rejected'))).toBe(false);
    expect(canSeeReviews(null, josie('published'))).toBe(false);
  });

  it('lets reviewers edit a pending josie only', () => {
    expect(canEditAsReviewer(editor, josie('pending'))).toBe(true);
    expect(canEditAsReviewer(admin, josie('pending'))).toBe(true);
    expect(canEditAsReviewer(editor, josie('published'))).toBe(false);
    expect(canEditAsReviewer(creator, josie('pending'))).toBe(false);
  });

  it('lets the creator alone delete', () => {
    expect(canDelete(creator, josie('published'))).toBe(true);
    for (const viewer of [null, listener, otherCurator, editor, admin]) {
      expect(canDelete(viewer, josie('published'))).toBe(false);
    }
  });

  it('tells the web the same rules as abilities', () => {
    expect(josieAbilities(creator, josie('published'))).toEqual({
      edit: true,
      review: false,
      delete: true,
      seeReviews: true,
    });
    expect(josieAbilities(editor, josie('pending'))).toEqual({
      edit: true,
      review: true,
      delete: false,
      seeReviews: true,
    });
    expect(josieAbilities(otherCurator, josie('pending'))).toEqual({
      edit: false,
      review: false,
      delete: false,
      seeReviews: false,
    });
  });
});
