/**
 * A route `serializerCompiler` that writes the handler's answer with `JSON.stringify`, without parsing it
 * through the zod response schema once more (docs/performance.md). For the hottest reads only (the feeds and
 * the josie read), whose answers presenters build as the contract's types, checked by TypeScript and by the
 * tests' schema parses: the second parse was a seventh of a feed request's CPU. The response schema stays on
 * the route for the API reference.
 */
export function presentedJson() {
  return (data: unknown): string => JSON.stringify(data);
}
