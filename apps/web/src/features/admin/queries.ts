import {
  AdminMessagesResponse,
  AdminPreferencesResponse,
  AdminStatsResponse,
  AdminTemplatesResponse,
  AdminUserDetailResponse,
  AdminUsersResponse,
  FlagsResponse,
  type Role,
} from '@josie/contract';
import { request } from '../../api/request';

/** The admin list filters kept in the address bar of `/admin/users`. */
export interface AdminUsersFilter {
  search: string;
  role: Role | '';
  page: number;
}

/**
 * Query keys of the admin area. Everything lives under `admin`, which is not a public root, so the cache
 * is dropped when the session changes (`removeUserQueries`).
 */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  users: ['admin', 'users'] as const,
  userLists: ['admin', 'users', 'list'] as const,
  userList: (filter: AdminUsersFilter) => ['admin', 'users', 'list', filter] as const,
  user: (id: string) => ['admin', 'users', 'detail', id] as const,
  templates: ['admin', 'templates'] as const,
  preferences: ['admin', 'preferences'] as const,
  flags: ['admin', 'flags'] as const,
  messages: ['admin', 'messages'] as const,
  linkResolver: ['admin', 'link-resolver'] as const,
  securityEvents: ['admin', 'security-events'] as const,
};

type Signal = { signal: AbortSignal };

/** `GET /api/admin/stats` (docs/product/routes-and-roles.md#api). */
export const fetchStats = ({ signal }: Signal) =>
  request('adminStats', {}, { schema: AdminStatsResponse, signal });

/** `GET /api/admin/users?search=&role=&page=`; empty filters are left out. */
export function fetchUsers(filter: AdminUsersFilter, { signal }: Signal) {
  const query = { search: filter.search || undefined, role: filter.role || undefined, page: filter.page };
  return request('adminUsers', { query }, { schema: AdminUsersResponse, signal });
}

/** `GET /api/admin/users/{id}`: profile, counts and latest josies. */
export const fetchUser = (id: string, { signal }: Signal) =>
  request('adminUser', { params: { id } }, { schema: AdminUserDetailResponse, signal });

/** `GET /api/admin/templates`. */
export const fetchTemplates = ({ signal }: Signal) =>
  request('adminTemplates', {}, { schema: AdminTemplatesResponse, signal });

/** `GET /api/admin/preferences`: the genre and interest lists. */
export const fetchPreferences = ({ signal }: Signal) =>
  request('adminPreferences', {}, { schema: AdminPreferencesResponse, signal });

/**
 * `GET /api/config/flags`, read fresh for the flags tab (the app-wide flags query keeps its answer for up
 * to an hour, docs/product/rules-and-limits.md#constants, which is right for readers but not for the admin
 * editing them).
 */
export const fetchFlags = ({ signal }: Signal) => request('getFlags', {}, { schema: FlagsResponse, signal });

/** `GET /api/admin/messages`: contact messages and newsletter subscribers, newest first. */
export const fetchMessages = ({ signal }: Signal) =>
  request('adminMessages', {}, { schema: AdminMessagesResponse, signal });
