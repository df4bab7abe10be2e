// The public entry of the images module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { imageFetcherFor } from './fetcher.js';
export { createMediaService, type MediaService, type StoredImage } from './media.js';
export { josieImageUrls, type MediaRow, storageKeysOf } from './references.js';
export { UPLOADS_PURGE_CRON, type UploadJobs, uploadsPurgeJob } from './retention.js';
export { IMPORTS_PER_MINUTE } from './routes.js';
export { createImagesService, type ImagesService } from './service.js';
export { createImageStore, type ImageStore, JOSIE_IMAGE_MAX_WIDTH } from './store.js';
