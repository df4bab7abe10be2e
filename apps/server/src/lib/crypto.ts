import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';

/** AES-256 needs a 32-byte key. */
export const ENCRYPTION_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Prefix of every ciphertext, so a future format or key can be told apart. */
const VERSION = 'v1';

/**
 * Reads an encryption key written as 64 hexadecimal characters or as base64/base64url of 32 bytes
 * (e.g. `openssl rand -base64 32`).
 *
 * @returns the 32 key bytes, or null when the text is neither.
 */
export function parseEncryptionKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
  return bytes.length === ENCRYPTION_KEY_BYTES ? bytes : null;
}

/**
 * The key that encrypts provider tokens at rest (docs/product/differences.md#provider-tokens):
 * `TOKEN_ENCRYPTION_KEY`, or in embedded mode one generated once into `DATA_DIR/token-encryption-key` (like
 * the JWT secret), so tokens stay readable across restarts. A server on a real database must be given one:
 * instances share the database, so they must share the key, and a key beside the data would not protect a
 * copied database.
 *
 * @throws Error when neither is available.
 */
export function resolveTokenEncryptionKey(config: Config): Buffer {
  const configured = config.integrations.tokenEncryptionKey;
  if (configured) {
    const key = parseEncryptionKey(configured);
    if (!key) throw new Error('TOKEN_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
    return key;
  }
  if (!config.embedded) {
    throw new Error(
      'TOKEN_ENCRYPTION_KEY is required when DATABASE_URL is set and a sign-in provider is configured',
    );
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, 'token-encryption-key');
  if (existsSync(file)) {
    const key = parseEncryptionKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a valid key`);
    return key;
  }
  const key = randomBytes(ENCRYPTION_KEY_BYTES);
  writeFileSync(file, key.toString('base64url'), { mode: 0o600 });
  return key;
}

/**
 * A key for one purpose derived from a secret with HKDF-SHA256, so one configured secret can serve
 * several uses without one use's key revealing another's.
 *
 * @param label - names the purpose, e.g. `josie/oauth-state`.
 */
export function deriveKey(secret: string | Buffer, label: string, bytes = ENCRYPTION_KEY_BYTES): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), label, bytes));
}

/**
 * AES-256-GCM encryption of short secrets such as OAuth tokens. Each value gets a fresh 96-bit IV; the
 * `context` (e.g. `oauth:{userId}:spotify:access`) is authenticated but not stored, so a ciphertext copied
 * to another row or column does not decrypt.
 */
export function createTokenCipher(key: Buffer) {
  if (key.length !== ENCRYPTION_KEY_BYTES) throw new Error('The token key must be 32 bytes');
  return {
    /** @returns `v1.` followed by base64url of IV, ciphertext and tag. */
    encrypt(plaintext: string, context: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    /**
     * @throws Error when the text was not produced by {@link encrypt} with this key and context, or was
     *   altered.
     */
    decrypt(ciphertext: string, context: string): string {
      const [version, payload] = ciphertext.split('.');
      if (version !== VERSION || !payload) throw new Error('Unknown ciphertext format');
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Ciphertext too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
export type TokenCipher = ReturnType<typeof createTokenCipher>;
