import {
  ADMIN_MESSAGES_LIMIT,
  ADMIN_STATS_DAYS,
  ADMIN_USER_JOSIES_LIMIT,
  type AdminMessagesResponse,
  type AdminPreferenceItem,
  type AdminPreferencesResponse,
  type AdminStatsResponse,
  type AdminTemplate,
  type AdminTemplateBody,
  type AdminTemplatesResponse,
  type AdminUserDetailResponse,
  type AdminUserRow,
  type AdminUsersQuery,
  type AdminUsersResponse,
  ERROR_CODES,
  type Role,
} from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import type { AccountDeletion } from '../account/index.js';
import type { AuthService } from '../auth/index.js';
import type { PreferencesService } from '../preferences/index.js';
import type { UsersService } from '../users/index.js';
import { canAdminister, canChangeRoleOf, canDeleteUser } from './access.js';
import {
  presentAdminUserDetail,
  presentAdminUserJosie,
  presentAdminUserRow,
  presentContactMessage,
  presentPreferenceItem,
  presentSubscriber,
  presentTemplate,
} from './presenter.js';
import {
  type CatalogueKind,
  countListenersAndCurators,
  countUsers,
  dailyActivity,
  findLiveUser,
  latestContactMessages,
  latestJosiesOf,
  latestSubscribers,
  listCatalogue,
  listTemplates,
  listUsers,
  lockLiveAdmins,
  mostFollowedCurator,
  templateExists,
  updateTemplate,
  userCounts,
} from './queries.js';

export type { CatalogueKind } from './queries.js';

const DAY_MS = 86_400_000;

/**
 * The last `count` UTC dates (oldest first) and the instant the first one starts. Plain millisecond steps
 * are exact here because UTC has no daylight-saving shifts.
 */
export function lastUtcDays(now: Date, count: number): { from: Date; days: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = today - (count - 1) * DAY_MS;
  const days = Array.from({ length: count }, (_, i) =>
    new Date(from + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { from: new Date(from), days };
}

/** The admin area: statistics, users and roles, AI templates, genre and interest lists, messages. */
export function createAdminService(deps: {
  db: Db;
  bus: EventBus;
  /**
   * Told after commit which user's sessions were revoked, so that no instance keeps them in its session
   * cache (decision 0009); the `sessions` table is the auth module's, so it revokes them too.
   */
  sessions: Pick<AuthService, 'forgetUserSessions' | 'revokeUserSessions'>;
  /**
   * The owners of the tables a role change and a catalogue removal write
   * (docs/decisions/0016-composition-root-and-module-boundaries.md); each writes inside admin's transaction.
   */
  users: Pick<UsersService, 'setRole' | 'removeFromPreferences'>;
  /** The owner of the genre and interest lists, which adds and removes their entries. */
  preferences: Pick<PreferencesService, 'addEntry' | 'removeEntry'>;
  /** Deletes an account and everything it owns, in one transaction (the account module's orchestration). */
  accounts: Pick<AccountDeletion, 'erase'>;
}) {
  const { db, bus, users, preferences, accounts } = deps;

  /** The routes already admit admins only; the service asks {@link canAdminister} again. */
  function requireAdmin(actor: AuthUser) {
    if (!canAdminister(actor)) throw errors.forbidden('Unauthorized access');
  }

  /** A live user by id; 404 for an unknown id and for a string that is not a UUID at all. */
  async function liveUserOr404(id: string) {
    const row = isUuid(id) ? await findLiveUser(db, id) : undefined;
    if (!row) throw errors.notFound('User not found');
    return row;
  }

  async function catalogue(kind: CatalogueKind): Promise<AdminPreferenceItem[]> {
    return (await listCatalogue(db, kind)).map(presentPreferenceItem);
  }

  return {
    /**
     * `GET /api/admin/stats`: live listener and curator totals, the most followed curator (null when no
     * curator has a follower) and daily series over the last {@link ADMIN_STATS_DAYS} UTC days ending
     * with the day of `now`. Seven queries, whatever the data.
     */
    async stats(actor: AuthUser, now: Date = new Date()): Promise<AdminStatsResponse> {
      requireAdmin(actor);
      const { from, days } = lastUtcDays(now, ADMIN_STATS_DAYS);
      const [totals, popular, activity] = await Promise.all([
        countListenersAndCurators(db),
        mostFollowedCurator(db),
        dailyActivity(db, from),
      ]);
      const series = (perDay: Map<string, number>) => days.map((day) => perDay.get(day) ?? 0);
      return {
        totalListeners: totals.listeners,
        totalCurators: totals.curators,
        popularCurator: popular ? { name: popular.name, count: popular.count } : null,
        series: {
          days,
          signups: series(activity.signups),
          josiesPublished: series(activity.josiesPublished),
          approvals: series(activity.approvals),
          rejections: series(activity.rejections),
          pageViews: series(activity.pageViews),
        },
      };
    },

    /** `GET /api/admin/users`: one page of live users (newest first) and the total; two queries. */
    async listUsers(actor: AuthUser, query: AdminUsersQuery): Promise<AdminUsersResponse> {
      requireAdmin(actor);
      const { page, pageSize } = query;
      const filter = { search: query.search || undefined, role: query.role };
      const [rows, total] = await Promise.all([
        listUsers(db, { ...filter, limit: pageSize, offset: (page - 1) * pageSize }),
        countUsers(db, filter),
      ]);
      return {
        users: rows.map(presentAdminUserRow),
        total,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
      };
    },

    /**
     * `GET /api/admin/users/{id}`: profile, live counts and the latest josies; three queries.
     * @throws AppError 404 'User not found'.
     */
    async userDetail(actor: AuthUser, id: string): Promise<AdminUserDetailResponse> {
      requireAdmin(actor);
      const row = await liveUserOr404(id);
      const [counts, latest] = await Promise.all([
        userCounts(db, id),
        latestJosiesOf(db, id, ADMIN_USER_JOSIES_LIMIT),
      ]);
      if (!counts) throw errors.notFound('User not found');
      return { user: presentAdminUserDetail(row), counts, josies: latest.map(presentAdminUserJosie) };
    },

    /**
     * `PATCH /api/admin/users/{id}`: gives a user another role (how a listener becomes a curator or an
     * editor). A change revokes the user's sessions in the same transaction, so a token issued under the
     * old role stops working at once and the user signs in again with the new powers.
     * The admin rows are locked first, in id order, and the change is judged on them: two admins demoting
     * each other at once are judged one after the other, and the second finds itself the last admin
     * (docs/product/routes-and-roles.md#roles).
     * @throws AppError 409 `OWN_ROLE` for the admin's own role (an admin cannot lock themselves out), 409
     *   `LAST_ADMIN` for a change that would leave no admin, 404 unknown user.
     */
    async changeRole(actor: AuthUser, id: string, role: Role): Promise<AdminUserRow> {
      requireAdmin(actor);
      if (!canChangeRoleOf(actor, id)) {
        throw errors.conflict('You cannot change your own role', ERROR_CODES.OWN_ROLE);
      }
      if (!isUuid(id)) throw errors.notFound('User not found');
      const { row, from } = await db.transaction(async (tx) => {
        const admins = await lockLiveAdmins(tx);
        const current = await findLiveUser(tx, id, { lock: true });
        if (!current) throw errors.notFound('User not found');
        if (current.role === role) return { row: current, from: role };
        if (current.role === 'admin' && !admins.some((adminId) => adminId !== id)) {
          throw errors.conflict(
            'This is the last admin: make someone else an admin first',
            ERROR_CODES.LAST_ADMIN,
          );
        }
        const updated = await users.setRole(tx, id, role);
        await deps.sessions.revokeUserSessions(tx, id);
        return { row: updated, from: current.role };
      });
      if (from !== role) {
        await deps.sessions.forgetUserSessions(id);
        bus.publish('user.role-changed', { userId: id, from, to: role });
      }
      return presentAdminUserRow(row);
    },

    /**
     * `DELETE /api/admin/users/{id}` (docs/product/routes-and-roles.md#admin,
     * docs/product/rules-and-limits.md#admin): a hard delete, in one transaction, of the user and everything
     * they own, so that no stored count or list keeps a trace of them: the likes and saves they gave
     * (lowering those josies' `like_count`), their josies (and the likes, saves and reviews on them), their
     * follows both ways, their invites with their uses and visits and their uses of other invites, then the
     * user row, whose foreign keys remove sessions, password resets and provider tokens. Each of these is
     * written by the module that owns the table, inside this one transaction, so a failure anywhere leaves
     * the account whole. Contact messages stay without the sender's name and email; analytics
     * events and reviews they made stay, with the user set to null; other users' notifications about them
     * alone go. Media follow what shows them, not who uploaded them (decision 0010): of the user's
     * uploads and the images of their deleted josies, the ones that no josie, avatar or header image still
     * shows lose their rows; the others stay (an editor's upload into a curator's josie stays with the
     * josie). After commit: those files are removed from storage and `josie.unpublished` is published for
     * each josie that was in feeds.
     * @throws AppError 403 for an admin account (admins cannot be deleted), 404 unknown user.
     */
    async deleteUser(actor: AuthUser, id: string): Promise<void> {
      requireAdmin(actor);
      if (!isUuid(id)) throw errors.notFound('User not found');
      await accounts.erase(id, async (_tx, target) => {
        if (!canDeleteUser(target)) throw errors.forbidden('Admin users cannot be deleted');
      });
    },

    /** `GET /api/admin/templates`: every AI template with its variables, by name. */
    async templates(actor: AuthUser): Promise<AdminTemplatesResponse> {
      requireAdmin(actor);
      return { templates: (await listTemplates(db)).map(presentTemplate) };
    },

    /**
     * `PUT /api/admin/templates/{id}`: new name and content (trimmed and required by the contract), saved
     * only while the template is still at the version the edit started from (`body.baseVersion`,
     * docs/decisions/0041-edits-carry-their-version.md).
     * @throws AppError 404 'Template not found'; 409 `STALE_VERSION` when another save came first (nothing
     *   is written).
     */
    async updateTemplate(actor: AuthUser, id: string, body: AdminTemplateBody): Promise<AdminTemplate> {
      requireAdmin(actor);
      if (!isUuid(id)) throw errors.notFound('Template not found');
      const { baseVersion, name, content } = body;
      const row = await updateTemplate(db, id, baseVersion, { name, content });
      if (row) return presentTemplate(row);
      if (!(await templateExists(db, id))) throw errors.notFound('Template not found');
      throw errors.conflict(
        'This template was changed since you opened it: load it again, or save again with its current version',
        ERROR_CODES.STALE_VERSION,
      );
    },

    /** `GET /api/admin/preferences`: the genre and interest lists, by name. */
    async preferences(actor: AuthUser): Promise<AdminPreferencesResponse> {
      requireAdmin(actor);
      const [genres, interests] = await Promise.all([catalogue('genres'), catalogue('interests')]);
      return { genres, interests };
    },

    /**
     * `POST /api/admin/preferences/{genres|interests}`: adds a name (already trimmed by the contract). A
     * blank name is ignored (docs/product/rules-and-limits.md#admin): `added` is then false and the list is
     * unchanged.
     * @throws AppError 409 `Genre "Pop" already exists` (compared case-insensitively, stored spelling shown).
     */
    async addCatalogueEntry(
      actor: AuthUser,
      kind: CatalogueKind,
      name: string,
    ): Promise<{ items: AdminPreferenceItem[]; added: boolean }> {
      requireAdmin(actor);
      if (!name) return { items: await catalogue(kind), added: false };
      await preferences.addEntry(kind, name);
      return { items: await catalogue(kind), added: true };
    },

    /**
     * `DELETE /api/admin/preferences/{genres|interests}/{id}`: removes the entry and, in the same
     * transaction, that name from every user's chosen genres or interests; answers the list afterwards.
     * @throws AppError 404 'Genre not found' / 'Interest not found'.
     */
    async removeCatalogueEntry(
      actor: AuthUser,
      kind: CatalogueKind,
      id: string,
    ): Promise<AdminPreferenceItem[]> {
      requireAdmin(actor);
      await db.transaction(async (tx) => {
        const name = await preferences.removeEntry(tx, kind, id);
        await users.removeFromPreferences(tx, kind, name);
      });
      return catalogue(kind);
    },

    /** `GET /api/admin/messages`: the latest contact messages and newsletter subscribers, newest first. */
    async messages(actor: AuthUser): Promise<AdminMessagesResponse> {
      requireAdmin(actor);
      const [contact, subscribers] = await Promise.all([
        latestContactMessages(db, ADMIN_MESSAGES_LIMIT),
        latestSubscribers(db, ADMIN_MESSAGES_LIMIT),
      ]);
      return {
        contactMessages: contact.map(presentContactMessage),
        newsletterSubscribers: subscribers.map(presentSubscriber),
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
