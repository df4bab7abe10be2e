/** Types of what the guard test (apps/server/src/security/docs-citations.test.ts) reads of the rewriter. */
export const ROOT: string;
export const SOURCE_PATHS: string[];
export const FORBIDDEN: { what: string; pattern: RegExp }[];
export function sourceFiles(): Generator<string>;
