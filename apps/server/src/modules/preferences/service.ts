import type {
  NotificationSettingsResponse,
  NotificationSettingsUpdateBody,
  PreferencesResponse,
  PreferencesUpdateBody,
} from '@josie/contract';
import { ERROR_CODES, mergeNotificationSettings } from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Executor } from '../../db/client.js';
import type { PreferencesColumn } from '../../db/schema.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import { presentPreferences, type UsersService } from '../users/index.js';
import { canSetStyle } from './access.js';
import {
  deleteEntry,
  findEntryName,
  insertEntry,
  listEntries,
  liveNames,
  storedPreferences,
} from './queries.js';

/** The two live lists users choose from and admins edit (docs/product/data-and-config.md#data). */
export type CatalogueKind = 'genres' | 'interests';

/** What a list's entries are called in messages. */
const CATALOGUE_LABEL: Record<CatalogueKind, string> = { genres: 'Genre', interests: 'Interest' };

/** Error code of a genre or interest that is not in the live list. */
export const UNKNOWN_LIST_ENTRY = ERROR_CODES.UNKNOWN_LIST_ENTRY;

/**
 * Resolves `names` against a live list (admins edit it, docs/product/data-and-config.md#data) to the list's
 * own spelling, without duplicates, in the order given.
 * @throws AppError 400 naming every unknown entry.
 */
async function resolveList(db: Executor, list: 'genres' | 'interests', names: readonly string[]) {
  const known = await liveNames(db, list, names);
  const unknown = names.filter((n) => !known.has(n.toLowerCase()));
  if (unknown.length > 0) {
    const what = list === 'genres' ? 'genre' : 'interest';
    throw errors.badRequest(
      `Unknown ${unknown.length > 1 ? `${what}s` : what}: ${unknown.join(', ')}`,
      UNKNOWN_LIST_ENTRY,
    );
  }
  return [...new Set(names.map((n) => known.get(n.toLowerCase())!))];
}

/**
 * Preferences and notification settings of the signed-in user (docs/product/routes-and-roles.md#account,
 * docs/product/routes-and-roles.md#api; docs/product/rules-and-limits.md#preferences-and-catalogues), and
 * the live genre and interest lists, whose tables this module owns: admins edit them through it.
 */
export function createPreferencesService(deps: {
  db: Executor;
  /** The owner of the `users` table, which stores the preferences and switches. */
  users: Pick<UsersService, 'setPreferences' | 'setNotificationSettings'>;
  /** Tells the read caches that a curator's font or colour, which their josies show, changed. */
  bus: EventBus;
}) {
  const { db, users, bus } = deps;

  async function stored(actor: AuthUser) {
    const row = await storedPreferences(db, actor.id);
    if (!row) throw errors.notFound('User not found');
    return row;
  }

  return {
    /** The live genre and interest lists to choose from (two queries). */
    async options() {
      const [genreList, interestList] = await Promise.all([
        listEntries(db, 'genres'),
        listEntries(db, 'interests'),
      ]);
      return { genres: genreList, interests: interestList };
    },
    /**
     * The entries of the live genre list among `names` (compared case-insensitively), as a map from the
     * lower-cased name to the list's spelling; one query, none for no names. The josies module checks a
     * josie's genres with it (docs/decisions/0020-genres-on-josies.md).
     */
    liveGenres: (names: readonly string[], executor: Executor = db): Promise<Map<string, string>> =>
      liveNames(executor, 'genres', names),

    /** `GET /api/users/me/preferences`: stored preferences merged with the defaults. */
    async get(actor: AuthUser): Promise<PreferencesResponse> {
      return { success: true, preferences: presentPreferences((await stored(actor)).preferences) };
    },

    /**
     * `PUT /api/users/me/preferences`. Genres and interests are stored in the live lists' spelling.
     * `myFont` and `myColor` need the `chooseStyle` ability (curators: the one rule the `User` answer's
     * abilities also carry, docs/decisions/0015-endpoints-in-the-contract.md): another user sending a value
     * other than '' or the one already stored gets 403 (so an account page that sends back what it read
     * still saves).
     * @throws AppError 400 `UNKNOWN_LIST_ENTRY`; 403 for a non-curator changing font or colour.
     */
    async update(actor: AuthUser, body: PreferencesUpdateBody): Promise<PreferencesResponse> {
      const current = await stored(actor);
      if (!canSetStyle(current.role, current.preferences, body)) {
        throw errors.forbidden('Only curators can choose a font and a colour');
      }
      const [genres, interests] = await Promise.all([
        resolveList(db, 'genres', body.genres),
        resolveList(db, 'interests', body.interests),
      ]);
      const patch: PreferencesColumn = { genres, interests };
      if (body.myFont !== undefined) patch.myFont = body.myFont;
      if (body.myColor !== undefined) patch.myColor = body.myColor;
      if (body.theme !== undefined) patch.theme = body.theme;
      const preferences = await users.setPreferences(actor.id, patch);
      if (!preferences) throw errors.notFound('User not found');
      if (patch.myFont !== undefined || patch.myColor !== undefined) {
        bus.publish('user.profile-changed', { userId: actor.id });
      }
      return { success: true, preferences: presentPreferences(preferences) };
    },

    /**
     * `PUT /api/users/me/notification-settings`: changes the switches sent (the two global ones, any kind's
     * channels, the digest) and answers every switch merged over the defaults
     * (docs/decisions/0024-notifications-centre.md). A kind's switches sent are merged into its stored ones,
     * so turning one channel on keeps the others; a channel the kind cannot use was refused by the contract.
     */
    async updateNotificationSettings(
      actor: AuthUser,
      body: NotificationSettingsUpdateBody,
    ): Promise<NotificationSettingsResponse> {
      const patch: NotificationSettingsUpdateBody = {};
      if (body.allowPushNotifications !== undefined)
        patch.allowPushNotifications = body.allowPushNotifications;
      if (body.allowEmails !== undefined) patch.allowEmails = body.allowEmails;
      if (body.kinds !== undefined) patch.kinds = body.kinds;
      if (body.digest !== undefined) patch.digest = body.digest;
      const settings = await users.setNotificationSettings(actor.id, patch);
      if (!settings) throw errors.notFound('User not found');
      return { data: mergeNotificationSettings(settings) };
    },

    /**
     * Adds a name to a live list; the admin area calls it for an admin (docs/product/rules-and-limits.md#admin),
     * and this module writes the `genres` and `interests` tables it owns.
     * @throws AppError 409 `DUPLICATE_NAME` `Genre "Pop" already exists` when the name is taken, compared
     *   case-insensitively (the message shows the stored spelling).
     */
    async addEntry(kind: CatalogueKind, name: string): Promise<void> {
      if (await insertEntry(db, kind, name)) return;
      const existing = (await findEntryName(db, kind, name)) ?? name;
      throw errors.conflict(
        `${CATALOGUE_LABEL[kind]} "${existing}" already exists`,
        ERROR_CODES.DUPLICATE_NAME,
      );
    },

    /**
     * Removes an entry of a live list inside the caller's transaction `tx`, so that the caller can take
     * the name out of every user's choices in the same one (admin's removal does).
     * @returns the removed entry's name.
     * @throws AppError 404 'Genre not found' / 'Interest not found' (an id that is not a UUID too).
     */
    async removeEntry(tx: Executor, kind: CatalogueKind, id: string): Promise<string> {
      const name = isUuid(id) ? await deleteEntry(tx, kind, id) : undefined;
      if (name === undefined) throw errors.notFound(`${CATALOGUE_LABEL[kind]} not found`);
      return name;
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
