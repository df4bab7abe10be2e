/**
 * Ill-formed text: a lone UTF-16 surrogate (`"\ud800"`, valid in JSON, not in UTF-8) cannot be stored as
 * sent (PostgreSQL's UTF-8 turns it into U+FFFD) nor mailed (a review decision's email never went). Every
 * text field of the contract refuses it with a 400 and a clear message: through the API for a rejection
 * reason, and as a property of every request body of the live route table.
 */
import { ILL_FORMED_TEXT_MESSAGE } from '@josie/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildAuthHeaders, buildOwner, buildUserRow, type Owner } from '../test/factories.js';
import { apiRoutes, routeKey } from '../test/routes.js';
import { conforming, jsonSchemaOf } from './arbitraries.js';
import { createSecurityContext, type SecurityContext } from './fixtures.js';

const LONE = '\ud800';
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** Every string in a JSON value with its path (record keys are names, not text the client wrote). */
function stringLeaves(
  value: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  }
  return [];
}

/** `value` with the string at `path` replaced by `text`. */
function withLeaf(value: unknown, path: (string | number)[], text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? withLeaf(item, rest, text) : item));
  const copy = { ...(value as Record<string, unknown>) };
  copy[String(head)] = withLeaf(copy[String(head)], rest, text);
  return copy;
}

/** Every issue of a failed parse, the ones inside unions included, with their full paths. */
function allIssues(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    const nested =
      issue.code === 'invalid_union' ? issue.errors.flatMap((branch) => allIssues(branch, path)) : [];
    return [{ ...issue, path }, ...nested];
  });
}

describe('ill-formed text', () => {
  let ctx: SecurityContext;
  let owner: Owner;

  beforeAll(async () => {
    ctx = await createSecurityContext();
    owner = await buildOwner(ctx);
  });
  afterAll(() => ctx.close());

  it('refuses a rejection reason with a lone surrogate: 400, a clear message, the josie still pending', async () => {
    const editor = await buildUserRow(ctx, { role: 'editor' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${owner.josieId}/reject`,
      headers: { ...(await buildAuthHeaders(ctx, editor.id)), 'content-type': 'application/json' },
      payload: JSON.stringify({ rejectionReason: `Needs more ${LONE} tracks` }),
      // JSON.stringify writes a lone surrogate as the escape `\ud800`, as a browser's fetch body would.
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().message).toContain(ILL_FORMED_TEXT_MESSAGE);
    const josie = await ctx.app.inject({
      url: `/api/josies/${owner.josieId}`,
      headers: await buildAuthHeaders(ctx, editor.id),
    });
    expect(josie.json()).toMatchObject({ status: 'pending', rejectionReason: null });
  });

  it('refuses a lone surrogate in every string field of every request body and query', () => {
    const schemas = apiRoutes(ctx.routes).flatMap((route) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      return (['body', 'querystring'] as const)
        .filter((part) => schema[part] instanceof z.ZodType)
        .map((part) => ({ name: `${routeKey(route)} ${part}`, zod: schema[part] as z.ZodType }));
    });
    expect(schemas.length).toBeGreaterThan(40);
    const checked = new Set<string>();
    for (const { name, zod } of schemas) {
      const json = jsonSchemaOf(zod);
      if (!json) continue;
      // Valid values only, so that a refusal can only come from the surrogate.
      const valid = fc
        .sample(conforming(json), { numRuns: 60, seed: 7 })
        .filter((value) => zod.safeParse(value).success && stringLeaves(value).length > 0);
      if (valid.length === 0) continue;
      fc.assert(
        fc.property(fc.constantFrom(...valid), fc.nat(), fc.nat(), (value, pick, at) => {
          const leaves = stringLeaves(value);
          const leaf = leaves[pick % leaves.length]!;
          const cut = at % (leaf.text.length + 1);
          const hostile = withLeaf(
            value,
            leaf.path,
            `${leaf.text.slice(0, cut)}${LONE}${leaf.text.slice(cut)}`,
          );
          const result = zod.safeParse(hostile);
          const where = `${name} at ${leaf.path.join('.')}`;
          expect(result.success, where).toBe(false);
          // Refused where the surrogate is (or by the union around it, for a discriminator).
          const at_ = (p: PropertyKey[]) => p.every((key, i) => leaf.path[i] === key);
          expect(
            allIssues(result.error!.issues).some((issue) => at_(issue.path)),
            where,
          ).toBe(true);
          checked.add(name);
        }),
        { numRuns: RUNS },
      );
    }
    // Most bodies were checked (a few have no string at all, or no value the generator finds valid).
    expect(checked.size, [...checked].join('\n')).toBeGreaterThan(25);
  });
});
