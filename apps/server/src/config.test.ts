import { describe, expect, it } from 'vitest';
import { buildConfig } from './config.js';

describe('config', () => {
  it('defaults to the embedded database with demo data on port 3000', () => {
    const c = buildConfig({});
    expect(c).toMatchObject({ port: 3000, embedded: true, demoData: true, demoPassword: 'demo-password' });
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('never seeds demo data on a real database unless asked', () => {
    expect(buildConfig({ DATABASE_URL: 'postgres://x@h/db', JWT_SECRET: 'x'.repeat(32) }).demoData).toBe(
      false,
    );
    expect(buildConfig({ DATABASE_URL: 'postgres://x@h/db', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('keeps published josies longer than the other read caches, never shorter, and none when those are off', () => {
    expect(buildConfig({}).cache).toMatchObject({ readTtlMs: 10_000, josieTtlMs: 300_000 });
    expect(buildConfig({ JOSIE_CACHE_TTL_MS: '1000' }).cache.josieTtlMs).toBe(10_000);
    expect(buildConfig({ READ_CACHE_TTL_MS: '0' }).cache.josieTtlMs).toBe(0);
  });

  it('fails fast with a readable message naming each bad variable', () => {
    expect(() => buildConfig({ PORT: 'abc', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET/);
  });
});
