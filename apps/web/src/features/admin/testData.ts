import {
  ADMIN_STATS_DAYS,
  type AdminStatsResponse,
  type AdminUserDetailResponse,
  type AdminUserRow,
  type Role,
} from '@josie/contract';

/** Test data of the admin area, shaped by the contract. */

/** An admin user row; `overrides` replace any field. */
export function makeUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  const id = overrides.id ?? '0190a0b0-0000-7000-8000-00000000a001';
  return {
    _id: id,
    id,
    name: 'Noa Cohen',
    email: 'noa@example.com',
    role: 'listener',
    avatar: null,
    createdAt: '2024-03-05T10:00:00.000Z',
    lastLogin: null,
    suspendedAt: null,
    suspensionReason: null,
    ...overrides,
  };
}

/** Rows of the given roles with distinct ids, names and emails. */
export function makeUserRows(roles: Role[]): AdminUserRow[] {
  const names = ['Noa Cohen', 'Avi Levi', 'Maya Katz', 'Yoni Bar', 'Tal Shani'];
  return roles.map((role, index) => {
    const name = names[index % names.length] ?? `User ${index}`;
    return makeUserRow({
      id: `0190a0b0-0000-7000-8000-00000000a${String(index + 100)}`,
      name,
      email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
      role,
    });
  });
}

/** The 30 UTC days ending on 2024-06-30 (oldest first), as the server names them. */
export const STATS_DAYS = Array.from({ length: ADMIN_STATS_DAYS }, (_, i) =>
  new Date(Date.UTC(2024, 5, 1 + i)).toISOString().slice(0, 10),
);

/** A series of `ADMIN_STATS_DAYS` zeros with some counts at given day indexes. */
export function series(counts: Record<number, number> = {}): number[] {
  return STATS_DAYS.map((_, index) => counts[index] ?? 0);
}

/** A statistics answer; `overrides` replace any field. */
export function makeStats(overrides: Partial<AdminStatsResponse> = {}): AdminStatsResponse {
  return {
    totalListeners: 1280,
    totalCurators: 42,
    popularCurator: { name: 'Shira Golan', count: 318 },
    series: {
      days: STATS_DAYS,
      signups: series({ 3: 4, 10: 7, 29: 2 }),
      josiesPublished: series({ 5: 3, 6: 1 }),
      approvals: series({ 5: 3 }),
      rejections: series({ 8: 1 }),
      pageViews: series({ 0: 120, 14: 340, 29: 95 }),
    },
    ...overrides,
  };
}

/** A user detail answer. */
export function makeUserDetail(row: Partial<AdminUserRow> = {}): AdminUserDetailResponse {
  return {
    user: { ...makeUserRow(row), bio: 'Vinyl collector from Haifa.', headerImage: null },
    counts: {
      josies: 3,
      published: 1,
      pending: 1,
      rejected: 1,
      followers: 12,
      following: 4,
      likesGiven: 30,
      invites: 2,
    },
    josies: [
      {
        _id: '0190a0b0-0000-7000-8000-0000000j0001',
        title: 'Summer mix',
        status: 'published',
        updatedAt: '2024-06-01T09:00:00.000Z',
      },
      {
        _id: '0190a0b0-0000-7000-8000-0000000j0002',
        title: 'Late night jazz',
        status: 'pending',
        updatedAt: '2024-06-02T09:00:00.000Z',
      },
    ],
  };
}
