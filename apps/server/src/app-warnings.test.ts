import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness.js';

/**
 * A newcomer's first start prints only what a person needs (README, `scripts/check-start-output.mjs`): a
 * deprecation that Fastify or a plugin warns about on building the app would print on every start. The
 * start check catches it at the end of CI; this catches it in the unit run, a few seconds in.
 */
describe('building the app', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
  });

  it('raises no process warning (deprecations: FSTDEP…)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => {
      warnings.push(`${warning.code ?? warning.name}: ${warning.message}`);
    };
    process.on('warning', onWarning);
    try {
      ctx = await createTestContext();
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });
});
