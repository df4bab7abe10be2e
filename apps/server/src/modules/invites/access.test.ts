import { describe, expect, it } from 'vitest';
import {
  canAcceptFor,
  canAcceptInvite,
  canManageInvite,
  countsAsVisit,
  isInviteActive,
  isInviteCreator,
} from './access.js';

const CURATOR = '0190f2a0-0000-7000-8000-000000000001';
const LISTENER = '0190f2a0-0000-7000-8000-000000000002';
const invite = { creatorId: CURATOR };
const now = new Date('2026-12-04T12:00:00Z');
const usable = {
  isActive: true,
  expiresAt: new Date('2026-12-05T12:00:00Z'),
  creatorRole: 'curator' as const,
};

describe('invite access rules (docs/product/rules-and-limits.md#invites)', () => {
  it('knows the curator of an invite, and no visitor', () => {
    expect(isInviteCreator(CURATOR, invite)).toBe(true);
    expect(isInviteCreator(LISTENER, invite)).toBe(false);
    expect(isInviteCreator(null, invite)).toBe(false);
  });

  it('lets the curator manage their invite and refuses anyone else', () => {
    expect(canManageInvite({ id: CURATOR }, invite)).toBe(true);
    expect(canManageInvite({ id: LISTENER }, invite)).toBe(false);
  });

  it('lets anyone but the curator accept the invite', () => {
    expect(canAcceptInvite({ id: LISTENER }, invite)).toBe(true);
    expect(canAcceptInvite({ id: CURATOR }, invite)).toBe(false);
  });

  it('accepts only for oneself', () => {
    expect(canAcceptFor({ id: LISTENER }, undefined)).toBe(true);
    expect(canAcceptFor({ id: LISTENER }, LISTENER)).toBe(true);
    expect(canAcceptFor({ id: LISTENER }, CURATOR)).toBe(false);
  });

  it("counts a visit by anyone but the invite's curator", () => {
    expect(countsAsVisit(null, invite)).toBe(true);
    expect(countsAsVisit(LISTENER, invite)).toBe(true);
    expect(countsAsVisit(CURATOR, invite)).toBe(false);
  });

  it('holds an invite usable while enabled, unexpired and its creator a curator', () => {
    expect(isInviteActive(usable, now)).toBe(true);
  });

  it('refuses a disabled or expired invite, and one whose creator is no longer a curator', () => {
    expect(isInviteActive({ ...usable, isActive: false }, now)).toBe(false);
    expect(isInviteActive({ ...usable, expiresAt: now }, now)).toBe(false);
    expect(isInviteActive({ ...usable, creatorRole: 'listener' }, now)).toBe(false);
  });
});
