import { describe, expect, it } from 'vitest';
import { readStoredSession, storeSession } from '../session/storage';
import { fetchStub, installFetchStub, json } from '../test/fetchStub';
import { makeSession } from '../test/fixtures';
import { ApiError, api } from './client';

describe('api client', () => {
  it('adds the bearer header when a session token is stored', async () => {
    const stub = installFetchStub([
      { method: 'GET', path: '/api/users/me', reply: () => json(200, { ok: 1 }) },
    ]);
    await api.get('/api/users/me');
    expect(stub.requests[0]?.headers.get('authorization')).toBeNull();

    storeSession(makeSession('listener'));
    expect(await api.get('/api/users/me')).toEqual({ ok: 1 });
    expect(stub.requests[1]?.headers.get('authorization')).toBe('Bearer token-listener');
  });

  it('sends JSON bodies and multipart uploads as they are', async () => {
    const stub = installFetchStub([
      { method: 'POST', path: '/api/contact', reply: () => json(201, { success: true }) },
      { method: 'POST', path: '/api/users/avatar', reply: () => json(200, { success: true }) },
    ]);
    await api.post('/api/contact', { name: 'Dana' });
    expect(stub.requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(stub.requests[0]?.body).toEqual({ name: 'Dana' });

    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await api.upload('/api/users/avatar', form);
    expect(stub.requests[1]?.headers.get('content-type')).toBeNull();
    expect(stub.requests[1]?.body).toBe(form);
  });

  it('throws ApiError with the server status, code and message', async () => {
    installFetchStub([
      {
        method: 'POST',
        path: '/api/auth/signup',
        reply: () => json(409, { message: 'Email taken', code: 'CONFLICT' }),
      },
    ]);
    const error = await api.post('/api/auth/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Email taken',
    });
  });

  it('falls back to the status text when the body is not an error body', async () => {
    installFetchStub([
      {
        method: 'GET',
        path: '/api/x',
        reply: () => new Response('oops', { status: 503, statusText: 'Service Unavailable' }),
      },
    ]);
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 503,
      code: 'HTTP_503',
      message: 'Service Unavailable',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    const error = await api.get('/api/unreachable').catch((e: unknown) => e);
    fetchStub().unexpected.length = 0;
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('clears the session on a 401 to the stored token, not on other 401s', async () => {
    installFetchStub([
      {
        method: 'POST',
        path: '/api/auth/login',
        reply: () => json(401, { message: 'Bad password', code: 'UNAUTHENTICATED' }),
      },
      {
        method: 'GET',
        path: '/api/users/me',
        reply: () => json(401, { message: 'Expired', code: 'UNAUTHENTICATED' }),
      },
    ]);
    storeSession(makeSession('listener'));
    await expect(api.post('/api/auth/login', {}, { token: null })).rejects.toThrow('Bad password');
    expect(readStoredSession().status).toBe('valid');

    await expect(api.get('/api/users/me')).rejects.toThrow('Expired');
    expect(readStoredSession().status).toBe('absent');
  });

  it("keeps the session on a provider's 401 (PROVIDER_AUTH)", async () => {
    installFetchStub([
      {
        method: 'GET',
        path: '/api/audio/search',
        reply: () => json(401, { message: 'Spotify needs you to sign in again', code: 'PROVIDER_AUTH' }),
      },
    ]);
    storeSession(makeSession('curator'));
    await expect(api.get('/api/audio/search')).rejects.toMatchObject({ status: 401, code: 'PROVIDER_AUTH' });
    expect(readStoredSession().status).toBe('valid');
  });

  it('validates the answer when given a schema', async () => {
    installFetchStub([{ method: 'GET', path: '/api/users/me', reply: () => json(200, { name: 1 }) }]);
    const { User } = await import('@josie/contract');
    await expect(api.get('/api/users/me', { schema: User })).rejects.toThrow();
  });
});
