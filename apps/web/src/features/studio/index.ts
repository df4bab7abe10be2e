/**
 * The curator studio's public entry (docs/decisions/0050-curator-studio-counts.md): the pages load lazily by
 * the router; the admin area shows the platform's totals and links to a curator's studio.
 */

export { PlatformTotals } from './PlatformTotals';
export { studioPath, useStudioFlag } from './params';
