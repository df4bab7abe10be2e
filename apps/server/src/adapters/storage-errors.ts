/** `Storage.open` of a key with nothing stored under it (local disk and S3 alike). */
export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
  constructor(readonly key: string) {
    super(`Nothing stored under ${key}`);
  }
}
