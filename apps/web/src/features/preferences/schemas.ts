/**
 * The contract's schemas of the preferences calls that parse their answers, in a chunk of their own: the
 * feed reads the preferences (its theme) on its first page, which loads without zod
 * (docs/performance.md); a save or the live lists load them when first made.
 */
export { PreferenceOptionsResponse, Preferences } from '@josie/contract';
