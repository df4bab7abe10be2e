// The public entry of the josies module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { isReviewer, REVIEWER_ROLES, type Viewer } from './access.js';
export { presentJosiesFor, presentPresentable } from './listing.js';
export { creatorColour, type PresentableRow } from './presenter.js';
export {
  findJosie,
  findPresentableJosies,
  isUuid,
  type JosieRow,
  prepareFindPresentableJosie,
  presentationColumns,
  viewerMarks,
} from './queries.js';
export { createJosiesService, type JosiesService } from './service.js';
export { josieShareTransform, shareImage } from './share.js';
