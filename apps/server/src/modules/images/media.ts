import type { Storage } from '../../adapters/storage.js';
import type { Executor } from '../../db/client.js';
import {
  deleteMediaOf,
  insertJosieImage,
  insertProfileImage,
  keysOwnedBy,
  setMediaOwner,
} from './queries.js';
import { type MediaRow, releaseUnreferencedMedia } from './references.js';

/** The fields of a stored image that its `media` row records (sizes in bytes and pixels). */
export interface StoredImage {
  ownerId: string;
  storageKey: string;
  bytes: number;
  width: number;
  height: number;
}

/**
 * The `media` rows other modules need written (the table is this module's:
 * docs/decisions/0016-composition-root-and-module-boundaries.md). Each function takes the caller's
 * transaction, so the row is recorded or released together with the josie, avatar, header image or
 * account it belongs to; files themselves are stored and removed by the caller, around that transaction
 * (decision 0010: a file lives while anything shows it).
 */
export function createMediaService(deps: { storage: Pick<Storage, 'publicUrl'> }) {
  const { storage } = deps;
  return {
    /** Records an uploaded josie image of `ownerId` (kind `josie-image`). */
    recordJosieImage: (tx: Executor, image: StoredImage): Promise<void> => insertJosieImage(tx, image),

    /** Records an uploaded avatar or header image and answers its row id. */
    recordProfileImage: (tx: Executor, kind: 'avatar' | 'header', image: StoredImage): Promise<string> =>
      insertProfileImage(tx, { ...image, kind }),

    /**
     * The storage keys among `keys` that one of `ownerIds` uploaded (a josie may show only its own
     * uploads: docs/decisions/0036-media-limits-and-provenance.md).
     */
    ownedBy: (db: Executor, ownerIds: readonly string[], keys: readonly string[]): Promise<Set<string>> =>
      keysOwnedBy(db, ownerIds, keys),

    /**
     * Makes `ownerId` the owner of the files of `keys`: an image an editor adds to a curator's josie
     * becomes the curator's, so it lives and goes with the josie's creator (decision 0036).
     */
    giveTo: (tx: Executor, keys: readonly string[], ownerId: string): Promise<void> =>
      setMediaOwner(tx, keys, ownerId),

    /**
     * Account deletion: deletes every row `ownerId` uploaded, shown anywhere or not, and answers their
     * storage keys; the caller removes the files after its transaction commits (decision 0036).
     */
    removeAllOf: (tx: Executor, ownerId: string): Promise<string[]> => deleteMediaOf(tx, ownerId),

    /**
     * Deletes the rows among `rows` whose file no josie, avatar or header image shows any more, and
     * answers their storage keys: the caller removes those files after its transaction commits.
     */
    releaseUnreferenced: (tx: Executor, rows: readonly MediaRow[]): Promise<string[]> =>
      releaseUnreferencedMedia(tx, storage, rows),
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
