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
import { api } from '../../api/client';

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
};

type Signal = { signal: AbortSignal };

/** `GET /api/admin/stats` (spec 001 §7 Admin). */
export const fetchStats = ({ signal }: Signal) =>
  api.get('/api/admin/stats', { schema: AdminStatsResponse, signal });

/** `GET /api/admin/users?search=&role=&page=`; empty filters are left out. */
export function fetchUsers(filter: AdminUsersFilter, { signal }: Signal) {
  const query = new URLSearchParams();
  if (filter.search) query.set('search', filter.search);
  if (filter.role) query.set('role', filter.role);
  query.set('page', String(filter.page));
  return api.get(`/api/admin/users?${query}`, { schema: AdminUsersResponse, signal });
}

/** `GET /api/admin/users/{id}`: profile, counts and latest josies. */
export const fetchUser = (id: string, { signal }: Signal) =>
  api.get(`/api/admin/users/${encodeURIComponent(id)}`, { schema: AdminUserDetailResponse, signal });

/** `GET /api/admin/templates`. */
export const fetchTemplates = ({ signal }: Signal) =>
  api.get('/api/admin/templates', { schema: AdminTemplatesResponse, signal });

/** `GET /api/admin/preferences`: the genre and interest lists. */
export const fetchPreferences = ({ signal }: Signal) =>
  api.get('/api/admin/preferences', { schema: AdminPreferencesResponse, signal });

/**
 * `GET /api/config/flags`, read fresh for the flags tab (the app-wide flags query keeps its answer for up
 * to an hour, spec 000 §9, which is right for readers but not for the admin editing them).
 */
export const fetchFlags = ({ signal }: Signal) =>
  api.get('/api/config/flags', { schema: FlagsResponse, signal });

/** `GET /api/admin/messages`: contact messages and newsletter subscribers, newest first. */
export const fetchMessages = ({ signal }: Signal) =>
  api.get('/api/admin/messages', { schema: AdminMessagesResponse, signal });
