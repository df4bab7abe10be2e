/**
 * The yardstick: a bare Fastify route answering a small JSON object, measured in the same run as Josie's
 * routes so their requests/s can be given as a ratio of what this machine's Fastify can do at all.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ status: 'ok' }));
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
