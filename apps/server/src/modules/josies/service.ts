import {
  type CommentPolicy,
  ERROR_CODES,
  type Josie,
  type JosieCreateBody,
  type JosieUpdateBody,
  type Paragraph,
} from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../adapters/storage.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, errors } from '../../lib/errors.js';
import { type ProcessedImage, processImage } from '../../lib/images.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import {
  type ImagesService,
  JOSIE_IMAGE_MAX_WIDTH,
  josieImageUrls,
  type MediaService,
  storageKeysOf,
} from '../images/index.js';
import type { LinksService } from '../links/index.js';
import type { Notifier } from '../notifications/index.js';
import type { PreferencesService } from '../preferences/index.js';
import type { UsersService } from '../users/index.js';
import {
  canDelete,
  canEditAsReviewer,
  canView,
  isAuthor,
  isCreator,
  isReviewer,
  type Viewer,
} from './access.js';
import { presentJosiesFor, presentPresentable } from './listing.js';
import { assertArtworkHosts, shownMedia } from './media-rules.js';
import {
  deleteJosie,
  deleteJosiesOf,
  findJosie,
  findJosieImages,
  insertJosie,
  isUuid,
  type JosieRow,
  listJosiesByCreator,
  lowerLikeCounts,
  moveCommentCount,
  prepareFindPresentableJosie,
  sendBackToReview,
  setCommentPolicy,
  transitionPending,
  updateJosie,
} from './queries.js';

const NOT_FOUND = 'Josie not found';

/**
 * The refusal of an edit based on a version the josie has moved past: another tab or person saved it since
 * the editor loaded it (docs/decisions/0041-edits-carry-their-version.md).
 */
const staleVersion = () =>
  errors.conflict(
    'This josie was changed since you opened it: load it again, or save again with its current version',
    ERROR_CODES.STALE_VERSION,
  );

/** An uploaded image, processed and given its storage key, not yet written. */
interface PreparedImage extends ProcessedImage {
  key: string;
  url: string;
}

/** How an edit is allowed: by the creator (back to review), or by a reviewer (owner and status kept). */
type EditMode = 'creator' | 'reviewer';

/**
 * Who may edit a josie the actor can see (docs/product/differences.md#editing-sends-back-to-review,
 * docs/product/differences.md#editors-may-edit): its creator while they hold an author's role
 * (docs/product/routes-and-roles.md#roles), whatever its status; an editor or admin while it is pending
 * review.
 *
 * @throws AppError 403 for anyone else, a creator demoted to listener included.
 */
function editMode(actor: AuthUser, row: JosieRow): EditMode {
  if (isCreator(actor, row)) {
    if (isAuthor(actor)) return 'creator';
    throw errors.forbidden('Only curators can edit their josies');
  }
  if (canEditAsReviewer(actor, row)) return 'reviewer';
  throw errors.forbidden(
    isReviewer(actor)
      ? 'Only pending josies can be edited by a reviewer'
      : 'You can only edit your own josies',
  );
}

/**
 * Puts the uploaded image's URL in the image paragraph whose content is empty, or adds an image paragraph
 * after the text (first when there is no text). docs/product/rules-and-limits.md#image-uploads: the file
 * becomes the image.
 */
function placeImage(paragraphs: Paragraph[], url: string): Paragraph[] {
  const at = paragraphs.findIndex((p) => p.type === 'image');
  if (at !== -1) return paragraphs.map((p, i) => (i === at ? { type: 'image', content: url } : p));
  const text = paragraphs.findIndex((p) => p.type === 'text');
  const out = [...paragraphs];
  out.splice(text + 1, 0, { type: 'image', content: url });
  return out;
}

/**
 * Authoring of josies: create, edit, delete, read, and the creator's list.
 * docs/product/README.md#what-josie-is, docs/product/routes-and-roles.md#josie-page,
 * docs/product/data-and-config.md#data, docs/product/rules-and-limits.md#josies,
 * docs/product/routes-and-roles.md#api; docs/product/routes-and-roles.md#josie-page,
 * docs/product/rules-and-limits.md#josies; docs/product/differences.md#editing-sends-back-to-review,
 * docs/product/differences.md#editors-may-edit. Writes happen in transactions; domain events are published
 * after commit.
 */
export function createJosiesService(deps: {
  db: Db;
  storage: Storage;
  bus: EventBus;
  log: FastifyBaseLogger;
  /**
   * The `media` rows of uploads, their owners, and images nothing shows any more (the table is the images
   * module's).
   */
  media: Pick<MediaService, 'recordJosieImage' | 'releaseUnreferenced' | 'ownedBy' | 'giveTo'>;
  /**
   * The SSRF-safe download of a linked image, which a josie stores a copy of instead of showing the link
   * (docs/decisions/0036-media-limits-and-provenance.md).
   */
  images: Pick<ImagesService, 'download'>;
  /** The owner of the live genre list a josie's genres come from. */
  preferences: Pick<PreferencesService, 'liveGenres'>;
  /**
   * The link resolver: follows the josie's audio and video items in its transaction, so their links are
   * resolved in the background (docs/decisions/0022-listen-on-your-own-service.md).
   */
  links: Pick<LinksService, 'track'>;
  /** Tells editors and admins a josie waits for review (docs/decisions/0024-notifications-centre.md). */
  notifier: Notifier;
  /**
   * The email-verification gate: a josie reaches other people once reviewed, so creating one, or sending
   * one's own back to review, needs a verified address (docs/decisions/0025-account-and-data.md).
   */
  users: Pick<UsersService, 'assertEmailVerified'>;
  /**
   * The home timelines (the feed module's, docs/decisions/0027-home-timelines.md): a published josie that
   * its creator's edit sends back to review leaves every reader's timeline in the edit's transaction.
   */
  timelines: { withdrawn(tx: Executor, josie: { id: string; creatorId: string }): Promise<void> };
}) {
  const { db, storage, bus, log, media, images, preferences, links, notifier, users, timelines } = deps;
  const findPresentable = prepareFindPresentableJosie(db);

  const present = async (executor: Executor, row: JosieRow, viewer: Viewer): Promise<Josie> =>
    (await presentJosiesFor(executor, [row], viewer))[0]!;

  /** A josie the viewer may see, or 404 (also for malformed ids, so answers reveal nothing). */
  async function findVisible(viewer: Viewer, id: string): Promise<JosieRow> {
    const row = isUuid(id) ? await findJosie(db, id) : undefined;
    if (!row || !canView(viewer, row)) throw errors.notFound(NOT_FOUND);
    return row;
  }

  /**
   * A josie's genres as stored: each name resolved to the live genre list's spelling, duplicates dropped,
   * in the order sent (the contract has already trimmed them and kept at most 3). A name in `kept` (the
   * josie's genres before an edit) stays as it was even when an admin has since removed it from the list
   * (docs/decisions/0020-genres-on-josies.md).
   * @throws AppError 400 `UNKNOWN_LIST_ENTRY` naming every other name not in the list.
   */
  async function resolveGenres(names: readonly string[], kept: readonly string[] = []): Promise<string[]> {
    const keptByKey = new Map(kept.map((n) => [n.toLowerCase(), n]));
    const live = await preferences.liveGenres(names.filter((n) => !keptByKey.has(n.toLowerCase())));
    const unknown: string[] = [];
    const out = new Set<string>();
    for (const name of names) {
      const key = name.toLowerCase();
      const stored = keptByKey.get(key) ?? live.get(key);
      if (stored === undefined) unknown.push(name);
      else out.add(stored);
    }
    if (unknown.length > 0) {
      throw errors.badRequest(
        `Unknown ${unknown.length > 1 ? 'genres' : 'genre'}: ${unknown.join(', ')}`,
        ERROR_CODES.UNKNOWN_LIST_ENTRY,
      );
    }
    return [...out];
  }

  /** The stored file's key of `url` when it points into our storage (`/media/...`), else null. */
  function storedKey(url: string): string | null {
    const prefix = storage.publicUrl('');
    return url.startsWith(prefix) ? url.slice(prefix.length) : null;
  }

  /**
   * Checks the pictures of `paragraphs` against the rules of
   * docs/decisions/0036-media-limits-and-provenance.md, before anything is written, and decodes the image
   * to store: the uploaded `file`, or a copy of a linked image (downloaded through the SSRF-safe fetcher),
   * so that readers' browsers load only our files and the providers' artwork. What the josie already
   * shows (`before`, empty for a new josie) is kept as it is.
   *
   * @param creatorId - the josie's creator: a stored file must be the writer's (`actor`) or the creator's.
   * @returns the paragraphs to store (the image paragraph pointing at the new copy), the image to write, and
   *   the keys of stored files the writer added, which become the creator's.
   * @throws AppError 400 `ARTWORK_HOST_NOT_ALLOWED` for an item picture elsewhere than the providers'
   *   image servers; 403 `MEDIA_NOT_OWNED` for someone else's stored file (or a `/media/` path we do not
   *   store); 400 when an image paragraph is left empty without a file; 400/413/503 from processImage, and
   *   the image link refusals (400, 413, 504) for a download.
   */
  async function admitMedia(
    actor: AuthUser,
    creatorId: string,
    paragraphs: Paragraph[],
    before: readonly { type: string; content: unknown }[],
    file: Buffer | null,
  ): Promise<{ paragraphs: Paragraph[]; image: PreparedImage | null; adopted: string[] }> {
    const shown = shownMedia(before);
    const alreadyShown = new Set([...shown.images, ...shown.artwork]);
    assertArtworkHosts(paragraphs, alreadyShown);
    const content = paragraphs.find((p) => p.type === 'image')?.content;
    let bytes = file;
    let adopted: string[] = [];
    if (!bytes && typeof content === 'string' && !alreadyShown.has(content)) {
      if (content === '') throw errors.badRequest('Choose an image to upload, or remove the image');
      const key = storedKey(content);
      if (key !== null || !content.startsWith('https://')) {
        const owned =
          key === null ? new Set<string>() : await media.ownedBy(db, [actor.id, creatorId], [key]);
        if (key === null || !owned.has(key)) {
          throw new AppError(403, ERROR_CODES.MEDIA_NOT_OWNED, 'A josie can only show images you uploaded');
        }
        adopted = [key];
      } else {
        bytes = await images.download(content);
      }
    }
    if (!bytes) return { paragraphs, image: null, adopted };
    const processed = await processImage(bytes, { maxWidth: JOSIE_IMAGE_MAX_WIDTH });
    const key = `josies/${crypto.randomUUID()}.${processed.extension}`;
    const image = { ...processed, key, url: storage.publicUrl(key) };
    return { paragraphs: placeImage(paragraphs, image.url), image, adopted };
  }

  /**
   * Runs `work` in a transaction together with the upload's `media` row, recorded as `ownerId`'s (the
   * josie's creator), who also becomes the owner of the stored files the writer added (decision 0036). The
   * file is stored first and removed again when the transaction fails, so neither a row without a file nor
   * an orphan file remains.
   */
  async function writeWithImage<T>(
    ownerId: string,
    admitted: { image: PreparedImage | null; adopted: string[] },
    work: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    const { image } = admitted;
    if (image) await storage.put(image.key, image.bytes, image.contentType);
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx);
        await media.giveTo(tx, admitted.adopted, ownerId);
        if (image) {
          await media.recordJosieImage(tx, {
            ownerId,
            storageKey: image.key,
            bytes: image.bytes.length,
            width: image.width,
            height: image.height,
          });
        }
        return result;
      });
    } catch (err) {
      if (image) {
        await storage.remove(image.key).catch((e) => log.error({ err: e, key: image.key }, 'orphan upload'));
      }
      throw err;
    }
  }

  /**
   * Deletes the uploaded images among `urls` that nothing shows any more (no josie, avatar or header image,
   * whoever uploaded them; decision 0010), after a replace or a delete.
   * Runs after commit; a failure is logged, never answered, since the josie itself was saved.
   */
  async function releaseImages(urls: string[]): Promise<void> {
    const keys = storageKeysOf(storage, urls);
    try {
      const released = await media.releaseUnreferenced(db, await findJosieImages(db, keys));
      for (const key of released) await storage.remove(key);
    } catch (err) {
      log.error({ err, keys }, 'releasing josie images failed');
    }
  }

  return {
    /**
     * `GET /api/josies/{id}`: a published josie for anyone; a pending or rejected one for its creator,
     * editors and admins.
     * @throws AppError 404 otherwise (unknown, malformed or hidden id alike).
     */
    async get(viewer: Viewer, id: string): Promise<Josie> {
      // One statement reads the josie, its creator and the viewer's marks (the hottest read of the app).
      const row = isUuid(id) ? await findPresentable(id, viewer?.id ?? null) : undefined;
      if (!row || !canView(viewer, row)) throw errors.notFound(NOT_FOUND);
      return (await presentPresentable(db, [row], viewer))[0]!;
    },

    /**
     * Whether a create or edit would decode an image: an uploaded file, or a linked image to copy (such
     * writes are rate-limited per user like `/api/images/upload`, decision 0036). A link the josie already
     * shows counts too: telling it apart needs the josie, and this runs before anything is read.
     */
    carriesImage(paragraphs: readonly Paragraph[], file: Buffer | null): boolean {
      if (file) return true;
      const content = paragraphs.find((p) => p.type === 'image')?.content;
      return typeof content === 'string' && content.startsWith('https://') && storedKey(content) === null;
    },

    /** `GET /api/josies/my-josies`: the actor's josies, last updated first, in a fixed number of queries. */
    async listMine(actor: AuthUser): Promise<Josie[]> {
      return presentJosiesFor(db, await listJosiesByCreator(db, actor.id), actor);
    },

    /**
     * `POST /api/josies`: a new josie, pending review
     * (docs/product/differences.md#editing-sends-back-to-review).
     * @param image - the uploaded file, which becomes the image paragraph.
     * @throws AppError 403 `EMAIL_NOT_VERIFIED` before the address is verified; 400 (not an image, empty
     * image paragraph; `UNKNOWN_LIST_ENTRY` for a genre not in the live list), 413 (too many pixels).
     */
    async create(actor: AuthUser, body: JosieCreateBody, image: Buffer | null): Promise<Josie> {
      await users.assertEmailVerified(actor);
      const genres = await resolveGenres(body.genres);
      const admitted = await admitMedia(actor, actor.id, body.paragraphs, [], image);
      const { paragraphs } = admitted;
      const row = await writeWithImage(actor.id, admitted, async (tx) => {
        const inserted = await insertJosie(tx, {
          creatorId: actor.id,
          title: body.title,
          paragraphs,
          genres,
          commentPolicy: body.commentPolicy ?? 'everyone',
        });
        await links.track(tx, paragraphs);
        await notifier.caused(tx, { kind: 'review-waiting', josieId: inserted.id, creatorId: actor.id });
        return inserted;
      });
      notifier.committed();
      return present(db, row, actor);
    },

    /**
     * `PUT /api/josies/{id}`: replaces title, paragraphs and genres (a genre the josie had keeps even when
     * it left the live list). The creator's edit sends the josie back to
     * pending review (a published one leaves the feeds: `josie.unpublished`); an editor's or admin's edit
     * of a pending josie keeps its owner and status
     * (docs/product/differences.md#editing-sends-back-to-review,
     * docs/product/differences.md#editors-may-edit). The edit names the version it started from
     * (`body.baseVersion`): judged on the locked row and written by a statement conditional on it, so of two
     * saves from one version the second is refused and writes nothing, neither the josie nor its image
     * (docs/decisions/0041-edits-carry-their-version.md).
     * @throws AppError 404 when the actor cannot see it; 403 when they may not edit it, or (the creator,
     * whose edit goes back to review) `EMAIL_NOT_VERIFIED` before their address is verified; 409
     * `STALE_VERSION` when the josie's version is no longer `baseVersion`; 400/413 for the image; 400
     * `UNKNOWN_LIST_ENTRY` for a new genre not in the live list.
     */
    async update(actor: AuthUser, id: string, body: JosieUpdateBody, image: Buffer | null): Promise<Josie> {
      const current = await findVisible(actor, id);
      if (editMode(actor, current) === 'creator') await users.assertEmailVerified(actor);
      // Refused before an image is downloaded or stored; judged again on the locked row below.
      if (current.version !== body.baseVersion) throw staleVersion();
      const genres = await resolveGenres(body.genres, current.genres);
      const admitted = await admitMedia(actor, current.creatorId, body.paragraphs, current.paragraphs, image);
      const { paragraphs } = admitted;
      const { before, after } = await writeWithImage(current.creatorId, admitted, async (tx) => {
        // Checked again on the locked row: a review may have happened since the first read.
        const locked = await findJosie(tx, id, { forUpdate: true });
        if (!locked) throw errors.notFound(NOT_FOUND);
        const mode = editMode(actor, locked);
        if (locked.version !== body.baseVersion) throw staleVersion();
        const status = mode === 'creator' ? 'pending' : locked.status;
        await links.track(tx, paragraphs);
        if (mode === 'creator') {
          await notifier.caused(tx, { kind: 'review-waiting', josieId: id, creatorId: locked.creatorId });
        }
        const updated = await updateJosie(tx, id, body.baseVersion, {
          title: body.title,
          paragraphs,
          genres,
          status,
        });
        if (!updated) throw staleVersion();
        if (locked.status === 'published' && updated.status !== 'published') {
          await timelines.withdrawn(tx, updated);
        }
        return { before: locked, after: updated };
      });
      if (before.status === 'published' && after.status !== 'published') {
        bus.publish('josie.unpublished', { josieId: id, creatorId: after.creatorId });
      }
      if (after.status === 'pending') notifier.committed();
      const kept = new Set(josieImageUrls(after.paragraphs));
      await releaseImages(josieImageUrls(before.paragraphs).filter((url) => !kept.has(url)));
      return present(db, after, actor);
    },

    /**
     * `DELETE /api/josies/{id}`: only the creator deletes; its uploaded image goes too.
     * @throws AppError 404 when the actor cannot see it; 403 when it is someone else's.
     */
    async remove(actor: AuthUser, id: string): Promise<void> {
      const row = await findVisible(actor, id);
      if (!canDelete(actor, row)) throw errors.forbidden('You can only delete your own josies');
      const deleted = await deleteJosie(db, id);
      if (!deleted) throw errors.notFound(NOT_FOUND);
      if (deleted.status === 'published') {
        bus.publish('josie.unpublished', { josieId: id, creatorId: deleted.creatorId });
      }
      await releaseImages(josieImageUrls(deleted.paragraphs));
    },

    /**
     * `PUT /api/josies/{id}/comment-policy`: who may comment, chosen by the josie's creator
     * (docs/decisions/0046-comments.md). Not an edit: no review, no new version.
     * @throws AppError 404 when the actor cannot see it; 403 when they did not create it.
     */
    async setCommentPolicy(actor: AuthUser, id: string, policy: CommentPolicy): Promise<CommentPolicy> {
      const row = await findVisible(actor, id);
      if (!isCreator(actor, row))
        throw errors.forbidden('Only the creator of a josie chooses who may comment');
      const stored = await setCommentPolicy(db, id, policy);
      if (!stored) throw errors.notFound(NOT_FOUND);
      return stored;
    },

    // Writes of `josies` that other modules make inside their own transaction (the table is this
    // module's: docs/decisions/0016-composition-root-and-module-boundaries.md).

    /**
     * The review module's decision: moves a josie from pending to published or rejected in one conditional
     * statement (two reviewers cannot both act on it); publishing keeps an earlier `published_at`, so a
     * re-approved josie keeps its place in the feeds (docs/product/rules-and-limits.md#review-flow).
     * @returns the updated row, or undefined when the josie is missing or no longer pending.
     */
    transitionPending: (
      tx: Executor,
      id: string,
      to: { status: 'published' } | { status: 'rejected'; rejectionReason: string },
    ): Promise<JosieRow | undefined> => transitionPending(tx, id, to),

    /**
     * The moderation queue's send-back, in its transaction (docs/decisions/0047-reports-and-moderation.md):
     * the josie, locked, becomes rejected with `reason`; a published one leaves the home timelines here
     * and its `josie.unpublished` is the caller's to raise after commit.
     * @returns the row before and after, or undefined when it is missing or already rejected.
     */
    async sendBack(tx: Executor, id: string, reason: string) {
      const before = await findJosie(tx, id, { forUpdate: true });
      if (!before) return undefined;
      const after = await sendBackToReview(tx, id, reason);
      if (!after) return undefined;
      if (before.status === 'published') await timelines.withdrawn(tx, after);
      return { before, after };
    },

    /**
     * Lowers by one the `like_count` of each josie among `ids` (a deleted user's likes, decision 0004),
     * never below zero.
     */
    lowerLikeCounts: (tx: Executor, ids: readonly string[]): Promise<void> => lowerLikeCounts(tx, ids),

    /**
     * The comments module's count: moves `comment_count` by `delta` in the comment's transaction and
     * answers the count after it (docs/decisions/0046-comments.md).
     */
    moveCommentCount: (tx: Executor, id: string, delta: number): Promise<number | undefined> =>
      moveCommentCount(tx, id, delta),

    /**
     * Account deletion: deletes every josie of `creatorId` (their likes, saves and reviews go by cascade)
     * and answers their ids, statuses and paragraphs, so the caller can release their images and announce
     * the published ones as unpublished after commit.
     */
    removeAllOf: (tx: Executor, creatorId: string) => deleteJosiesOf(tx, creatorId),
  };
}
export type JosiesService = ReturnType<typeof createJosiesService>;
