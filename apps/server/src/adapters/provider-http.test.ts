import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppError } from '../lib/errors.js';
import { createStandinApp, listen } from '../test/standins/standin.js';
import { ProviderError, providerAppError, providerJson } from './provider-http.js';
import { createSpotifyClient } from './spotify.js';

describe('providerJson', () => {
  const standin = createStandinApp();
  let url = '';
  beforeAll(async () => {
    standin.app.get('/ok', async () => ({ value: 1 }));
    standin.app.get('/shape', async () => ({ value: 'one' }));
    standin.app.get(
      '/slow',
      async () => new Promise((resolve) => setTimeout(() => resolve({ value: 1 }), 500)),
    );
    standin.app.post('/echo', async (request) => ({ value: 1, got: request.body }));
    url = await listen(standin.app);
  });
  afterAll(() => standin.app.close());

  const Value = z.object({ value: z.number() });
  const kindOf = async (promise: Promise<unknown>) => {
    const err = await promise.catch((e: unknown) => e);
    if (!(err instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(err)}`);
    return [err.kind, err.status];
  };

  it('parses the documented shape and sends forms and JSON', async () => {
    expect(await providerJson('P', `${url}/ok`, Value)).toEqual({ value: 1 });
    await providerJson('P', `${url}/echo`, Value, { form: new URLSearchParams({ a: 'b' }) });
    expect(standin.requests.at(-1)?.body).toEqual({ a: 'b' });
    await providerJson('P', `${url}/echo`, Value, { json: { c: 1 } });
    expect(standin.requests.at(-1)?.body).toEqual({ c: 1 });
  });

  it('classifies failures', async () => {
    expect(await kindOf(providerJson('P', `${url}/shape`, Value))).toEqual(['bad_response', 200]);
    for (const [status, kind] of [
      [401, 'auth'],
      [403, 'auth'],
      [404, 'not_found'],
      [429, 'rate_limited'],
      [400, 'bad_request'],
      [503, 'unavailable'],
    ] as const) {
      standin.failNext('/ok', { status, body: { error: { message: 'nope' } } });
      expect(await kindOf(providerJson('P', `${url}/ok`, Value))).toEqual([kind, status]);
    }
    standin.failNext('/ok', { status: 403, body: { reason: 'quota' } });
    expect(await kindOf(providerJson('P', `${url}/ok`, Value, { classify: () => 'quota' }))).toEqual([
      'quota',
      403,
    ]);
    expect(await kindOf(providerJson('P', `${url}/slow`, Value, { timeoutMs: 50 }))).toEqual([
      'unavailable',
      undefined,
    ]);
    const closed = createStandinApp();
    const closedUrl = await listen(closed.app);
    await closed.app.close();
    expect(await kindOf(providerJson('P', `${closedUrl}/ok`, Value))).toEqual(['unavailable', undefined]);
  });

  it('explains failures to people with the right status', () => {
    const answer = (kind: ProviderError['kind'], userToken?: boolean) =>
      providerAppError(
        new ProviderError('Spotify', kind, 'x'),
        userToken === undefined ? {} : { userToken },
      ) as AppError;
    expect(answer('auth').statusCode).toBe(401);
    expect(answer('auth').code).toBe('PROVIDER_AUTH');
    expect(answer('auth', false).statusCode).toBe(503);
    expect(answer('rate_limited').statusCode).toBe(503);
    expect(answer('quota').statusCode).toBe(503);
    expect(answer('not_found').statusCode).toBe(404);
    expect(answer('unavailable').statusCode).toBe(502);
    expect(answer('bad_response').statusCode).toBe(502);
    const other = new Error('not a provider error');
    expect(providerAppError(other)).toBe(other);
  });
});

describe('Spotify client-credentials token', () => {
  const standin = createStandinApp();
  let url = '';
  let issued = 0;
  beforeAll(async () => {
    standin.app.post('/api/token', async () => {
      issued += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { access_token: `app-${issued}`, token_type: 'Bearer', expires_in: 3600 };
    });
    url = await listen(standin.app);
  });
  afterAll(() => standin.app.close());

  it('is requested once for concurrent callers, cached, and renewed after forgetAppToken', async () => {
    const client = createSpotifyClient({
      clientId: 'id',
      clientSecret: 'secret',
      accountsBaseUrl: url,
      apiBaseUrl: url,
    });
    const tokens = await Promise.all([
      client.appAccessToken(),
      client.appAccessToken(),
      client.appAccessToken(),
    ]);
    expect(tokens).toEqual(['app-1', 'app-1', 'app-1']);
    expect(await client.appAccessToken()).toBe('app-1');
    expect(standin.requests.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from('id:secret').toString('base64')}`,
    );
    expect(standin.requests.at(-1)?.body).toEqual({ grant_type: 'client_credentials' });
    client.forgetAppToken();
    expect(await client.appAccessToken()).toBe('app-2');
  });
});
