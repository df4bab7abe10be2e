/**
 * fast-check arbitraries for hostile requests (docs/decisions/0005-security-and-reliability-checks.md).
 * Shapes come from a route's zod schemas (through `z.toJSONSchema`, input side), so generated requests reach
 * past validation into the services; hostile values (wrong types, huge and odd strings, deep nesting,
 * prototype keys) are mixed into them.
 */
import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema that `z.toJSONSchema` produces for our contract. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** The JSON Schema of a zod schema (its input side), or null when the route has none. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Strings people and attackers type: markup, injections, traversal, control and direction characters. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\ud800',
  '\ufeff',
  'ﾟ･✿ヾ╲(｡◕‿◕｡)╱✿･ﾟ',
  'שלום עולם',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' or 1=1 --",
  '"; drop table users; --',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text.
  '${7*7}',
  '{{7*7}}',
  'NaN',
  '-1',
  '1e309',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  'javascript:alert(1)',
  'https://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:1/',
  'file:///etc/passwd',
  '00000000-0000-0000-0000-000000000000',
];

/** A value nested `depth` levels deep in objects or arrays. */
const nested = (depth: number, kind: 'object' | 'array'): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
};

/** Any hostile JSON value: wrong types, odd and huge strings, deep nesting, numbers at the edges. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom(0, -1, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER + 2, 1e308, 0.5, -0),
    weight: 2,
  },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 50, max: 3_000 }), fc.constantFrom('object' as const, 'array' as const))
      .map(([depth, kind]) => nested(depth, kind)),
    weight: 1,
  },
);

/** A string for a schema: its enum or pattern when it has one, else within its length bounds. */
function stringFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= (schema.maxLength ?? 10_000));
    } catch {
      // A pattern fast-check cannot invert: fall through to plain strings.
    }
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 300));
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
}

/**
 * Values that fit `schema` (as far as JSON Schema tells; refinements may still refuse them), so that
 * requests get through validation to the code behind it.
 */
export function conforming(schema: JsonSchema, root: JsonSchema = schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = root.$defs?.[name];
    return target ? conforming(target, root, depth + 1) : fc.jsonValue({ maxDepth: 2 });
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => conforming(s, root, depth + 1)));
  if (schema.allOf?.[0]) return conforming(schema.allOf[0], root, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, s]) => [k, conforming(s, root, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((k) => k in props) },
      );
      if (typeof schema.additionalProperties === 'object') {
        const extra = fc.dictionary(
          fc.string({ minLength: 1, maxLength: 12 }),
          conforming(schema.additionalProperties, root, depth + 1),
          { maxKeys: 4 },
        );
        return fc.tuple(record, extra).map(([a, b]) => ({ ...b, ...a }));
      }
      return record;
    }
    case 'array':
      return fc.array(
        schema.items ? conforming(schema.items, root, depth + 1) : fc.jsonValue({ maxDepth: 2 }),
        {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, 8),
        },
      );
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A conforming object with one field dropped, or replaced by a hostile value, or a hostile key added. */
function mutated(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc
    .tuple(conforming(schema), fc.nat(), hostileValue, fc.constantFrom('drop', 'replace', 'add'))
    .map(([value, pick, hostile, how]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return hostile;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(schema.properties ?? copy);
      const key = keys.length ? keys[pick % keys.length]! : 'extra';
      if (how === 'drop') delete copy[key];
      else if (how === 'replace') copy[key] = hostile;
      else copy[`extra${pick % 7}`] = hostile;
      return copy;
    });
}

/** A JSON body for a route: conforming, mutated, or anything at all. */
export function bodyArbitrary(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  if (!schema)
    return fc.oneof(hostileValue, fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 4 }));
  return fc.oneof(
    { arbitrary: conforming(schema), weight: 3 },
    { arbitrary: mutated(schema), weight: 4 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/**
 * Raw request bodies that are not what they claim: broken JSON, prototype-poisoning keys (which
 * `JSON.parse` would keep as own properties), bodies over the 1 MB limit, a wrong content type.
 */
export const rawBody: fc.Arbitrary<{ payload: string; contentType: string }> = fc.oneof(
  fc.constantFrom(
    { payload: '{"title": "unterminated', contentType: 'application/json' },
    { payload: '{"__proto__": {"polluted": "yes"}, "title": "x"}', contentType: 'application/json' },
    { payload: '{"constructor": {"prototype": {"polluted": "yes"}}}', contentType: 'application/json' },
    { payload: '[1, 2, 3]', contentType: 'application/json' },
    { payload: '"just a string"', contentType: 'application/json' },
    { payload: 'null', contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
    { payload: 'title=x&paragraphs=y', contentType: 'application/x-www-form-urlencoded' },
    { payload: '<xml>not json</xml>', contentType: 'text/xml' },
    { payload: '{}', contentType: 'application/json; charset=utf-16' },
    { payload: '--boundary\r\nbroken multipart', contentType: 'multipart/form-data; boundary=boundary' },
    { payload: '{"a":1}', contentType: 'multipart/form-data' },
  ),
  fc.integer({ min: 1_048_577, max: 1_300_000 }).map((n) => ({
    payload: `{"title":"${'y'.repeat(n)}"}`,
    contentType: 'application/json',
  })),
);

/** A query string for a route: known keys with conforming or hostile values, repeated keys, broken escapes. */
export function queryArbitrary(schema: JsonSchema | null): fc.Arbitrary<string> {
  const keys = Object.keys(schema?.properties ?? {});
  const key = keys.length
    ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 }))
    : fc.string({ maxLength: 8 });
  const value = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.integer().map(String),
    fc.integer({ min: 500, max: 20_000 }).map((n) => 'q'.repeat(n)),
  );
  const structured = fc
    .array(fc.tuple(key, value), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs).toString());
  const conformingQuery = schema
    ? conforming(schema).map((v) => {
        const pairs: [string, string][] = [];
        if (v && typeof v === 'object') {
          for (const [k, x] of Object.entries(v))
            pairs.push([k, typeof x === 'string' ? x : JSON.stringify(x)]);
        }
        return new URLSearchParams(pairs).toString();
      })
    : fc.constant('');
  return fc.oneof(
    conformingQuery,
    structured,
    fc.constantFrom(
      'a=%E0%A4%A',
      '%',
      'a[b]=1&a[c]=2',
      'a=1&a=2&a=3',
      '__proto__[x]=1',
      'constructor[prototype][x]=1',
    ),
  );
}

/** `text` with lone UTF-16 surrogates replaced (a URL can only carry well-formed text; bytes are tried apart). */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A path parameter: conforming, hostile, overlong, or with broken percent-encoding (already encoded). */
export function paramArbitrary(schema: JsonSchema | undefined, valid: string[]): fc.Arbitrary<string> {
  const encoded = (arb: fc.Arbitrary<unknown>) =>
    arb.map((v) => encodeURIComponent(wellFormed(typeof v === 'string' ? v : JSON.stringify(v))));
  return fc.oneof(
    encoded(valid.length ? fc.constantFrom(...valid) : fc.uuid()),
    encoded(schema ? conforming(schema) : fc.string()),
    encoded(fc.constantFrom(...NASTY_STRINGS.filter((s) => s !== ''))),
    encoded(fc.string({ unit: 'binary', minLength: 1, maxLength: 30 })),
    encoded(fc.integer({ min: 101, max: 3_000 }).map((n) => 'p'.repeat(n))),
    // Broken escapes, a UTF-16 surrogate and an overlong slash as UTF-8 bytes, dot segments.
    fc.constantFrom('%zz', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF', '..', '.', '%2e%2e', '%2F'),
  );
}
