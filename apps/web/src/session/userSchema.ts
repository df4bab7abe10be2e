/**
 * The `GET /api/users/me` answer's schema (docs/product/data-and-config.md#data), in a module of its own so
 * that `SessionProvider` can load it, and zod with it, on the first signed-in request (docs/performance.md).
 * Importing `@josie/contract` dynamically would not split anything: the first page already imports the
 * contract's catalogues statically, so the schema would join their chunk and bring zod to every first page.
 */
export { User } from '@josie/contract';
