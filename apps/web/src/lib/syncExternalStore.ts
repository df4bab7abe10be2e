/**
 * `use-sync-external-store/shim` for this app (the build aliases the package's shim to this module): React 19
 * has `useSyncExternalStore` itself, so the shim's fallback for React 17 (which react-i18next imports for
 * older Reacts) is code every page would download for nothing (docs/performance.md, 170 KB budget).
 */
export { useSyncExternalStore } from 'react';
