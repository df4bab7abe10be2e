import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../config.js';
import { createTokenCipher, deriveKey, parseEncryptionKey, resolveTokenEncryptionKey } from './crypto.js';

const KEY = Buffer.alloc(32, 7);

describe('token encryption (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time', () => {
    const cipher = createTokenCipher(KEY);
    const a = cipher.encrypt('BQD-access-token', 'oauth:u1:spotify:access');
    const b = cipher.encrypt('BQD-access-token', 'oauth:u1:spotify:access');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('BQD');
    expect(cipher.decrypt(a, 'oauth:u1:spotify:access')).toBe('BQD-access-token');
  });

  it('refuses another context, another key, or an altered ciphertext', () => {
    const cipher = createTokenCipher(KEY);
    const sealed = cipher.encrypt('secret', 'oauth:u1:spotify:access');
    expect(() => cipher.decrypt(sealed, 'oauth:u2:spotify:access')).toThrow();
    expect(() => createTokenCipher(Buffer.alloc(32, 8)).decrypt(sealed, 'oauth:u1:spotify:access')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 20]! ^= 1;
    expect(() => cipher.decrypt(`v1.${raw.toString('base64url')}`, 'oauth:u1:spotify:access')).toThrow();
    expect(() => cipher.decrypt('v2.abc', 'x')).toThrow(/format/);
  });

  it('reads keys as 64 hex characters or base64 of 32 bytes, nothing else', () => {
    expect(parseEncryptionKey('00'.repeat(32))?.length).toBe(32);
    expect(parseEncryptionKey(KEY.toString('base64'))?.equals(KEY)).toBe(true);
    expect(parseEncryptionKey(KEY.toString('base64url'))?.equals(KEY)).toBe(true);
    expect(parseEncryptionKey('short')).toBeNull();
    expect(parseEncryptionKey(Buffer.alloc(16).toString('base64'))).toBeNull();
    expect(() => buildConfig({ TOKEN_ENCRYPTION_KEY: 'nope' })).toThrow(/TOKEN_ENCRYPTION_KEY/);
  });

  it('derives distinct keys per purpose', () => {
    expect(deriveKey('secret', 'a').equals(deriveKey('secret', 'a'))).toBe(true);
    expect(deriveKey('secret', 'a').equals(deriveKey('secret', 'b'))).toBe(false);
  });
});

describe('resolveTokenEncryptionKey', () => {
  it('uses TOKEN_ENCRYPTION_KEY when set', () => {
    const config = buildConfig({ TOKEN_ENCRYPTION_KEY: KEY.toString('hex') });
    expect(resolveTokenEncryptionKey(config).equals(KEY)).toBe(true);
  });

  it('generates one key into DATA_DIR in embedded mode and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'josie-key-'));
    try {
      const config = buildConfig({ DATA_DIR: dir });
      const first = resolveTokenEncryptionKey(config);
      expect(existsSync(join(dir, 'token-encryption-key'))).toBe(true);
      expect(readFileSync(join(dir, 'token-encryption-key'), 'utf8')).toBe(first.toString('base64url'));
      expect(resolveTokenEncryptionKey(config).equals(first)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('requires one with DATABASE_URL', () => {
    const config = buildConfig({ DATABASE_URL: 'postgres://x@h/db', JWT_SECRET: 'x'.repeat(32) });
    expect(() => resolveTokenEncryptionKey(config)).toThrow(/TOKEN_ENCRYPTION_KEY is required/);
  });
});
