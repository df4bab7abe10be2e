// The public entry of the reports feature (reports and the moderation queue, decision 0047): what other
// features may import from it (docs/decisions/0016-composition-root-and-module-boundaries.md). The router
// loads `ModerationPage` lazily; the josie page loads `ReportMenu` lazily.

export { ReasonDialog } from './ReasonDialog';
export { ReportButton, ReportDialog } from './ReportDialog';
