/**
 * The newsletter form's schema (the contract's `NewsletterBody`), in a module of its own so that the form
 * loads it, and zod with it, on the first submit (Zod is not part of the home page's scripts)
 * (docs/performance.md). A dynamic import of `@josie/contract` itself would not split: the first page imports
 * its catalogues.
 */
export { NewsletterBody } from '@josie/contract';
