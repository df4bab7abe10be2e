import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../config.js';
import { buildUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { authPlugin } from './auth.js';

describe('platform: health, metrics, docs, errors, web app', () => {
  let ctx: TestContext;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'josie-web-'));
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html><head><title>Josie</title></head><body></body></html>',
    );
    ctx = await createTestContext({ WEB_DIST_DIR: web });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('hides /metrics (404) while METRICS_TOKEN is unset', async () => {
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('process_cpu_user_seconds_total');
  });

  it('serves the OpenAPI document generated from the contract and the reference UI', async () => {
    const doc = await ctx.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/api/auth/signup'].post.requestBody).toBeDefined();
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers unknown /api paths with 404 JSON and malformed JSON with 400 JSON', async () => {
    const missing = await ctx.app.inject({ url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Route GET /api/no-such-thing not found', code: 'NOT_FOUND' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect(bad.body).not.toContain('at ');
  });

  it('falls back to index.html for client routes, never for /api', async () => {
    const page = await ctx.app.inject({ url: '/my-josies' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Josie</title>');
    expect((await ctx.app.inject({ method: 'POST', url: '/my-josies' })).statusCode).toBe(404);
    const media = await ctx.app.inject({ url: '/media/avatars/missing.webp' });
    expect(media.statusCode).toBe(404);
    expect(media.json().code).toBe('NOT_FOUND');
  });

  it('compresses answers of 1 KB or more for a client that accepts it, never a session token nor a request body', async () => {
    const brotli = { 'accept-encoding': 'gzip, deflate, br' };
    // The OpenAPI document: JSON of many KB.
    const plain = await ctx.app.inject({ url: '/api/docs/json' });
    const packed = await ctx.app.inject({ url: '/api/docs/json', headers: brotli });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString())).toEqual(plain.json());
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A few bytes gain nothing from it.
    const small = await ctx.app.inject({ url: '/api/no-such-thing', headers: brotli });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe('NOT_FOUND');
    // Client routes are served by a route of their own (decision 0030); this shell is under 1 KB.
    const page = await ctx.app.inject({ url: '/my-josies', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect((await ctx.app.inject({ method: 'HEAD', url: '/my-josies' })).statusCode).toBe(200);

    const user = await buildUser(ctx);
    const credentials = { email: user.user.email, password: user.password };
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: brotli,
      payload: credentials,
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.json().token).toEqual(expect.any(String));
    // A gzip-encoded body is not inflated: it is not JSON.
    const zipped = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(credentials)),
    });
    expect(zipped.statusCode).toBe(400);
    expect(zipped.json().code).toBe('VALIDATION_ERROR');
  });

  it('sends security headers: CSP without inline scripts, nosniff, HSTS, frame-ancestors', async () => {
    const res = await ctx.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    // Scripts: our own, and YouTube's IFrame Player API with the widget script it loads
    // (docs/product/rules-and-limits.md).
    expect(csp).toContain(
      "script-src 'self' https://www.youtube.com/iframe_api https://www.youtube.com/s/player/;",
    );
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain(
      'frame-src https://open.spotify.com https://www.youtube.com https://www.youtube-nocookie.com ' +
        'https://embed.music.apple.com https://widget.deezer.com https://embed.tidal.com https://w.soundcloud.com;',
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('refuses to register an /api route that declares no access policy', async () => {
    const app = Fastify();
    await app.register(authPlugin, { resolveToken: async () => null });
    expect(() => app.get('/api/unguarded', async () => 'x')).toThrow(/declares no access policy/);
    expect(() => app.get('/api/guarded', { config: { access: 'public' } }, async () => 'x')).not.toThrow();
  });
});

describe('platform: /metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-for-the-scraper-0123456789';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: token });
  });
  afterAll(() => ctx.close());

  it('exposes Prometheus metrics, request durations included, to the bearer of the token only', async () => {
    await ctx.app.inject({ url: '/api/config/flags' });
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}x`, `Basic ${token}`, token]) {
      const refused = await ctx.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.json()).toEqual({
        message: 'A valid metrics token is required',
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters', () => {
    expect(() => buildConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
