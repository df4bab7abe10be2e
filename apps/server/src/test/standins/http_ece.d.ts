/** Types of the parts of `http_ece` (Encrypted Content-Encoding, RFC 8188/8291) the push stand-in uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface EceParams {
    version?: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair (Web Push decryption). */
    privateKey?: ECDH;
    /** The subscription's authentication secret, base64url or bytes. */
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
    rs?: number;
  }

  const ece: {
    decrypt(buffer: Buffer, params: EceParams): Buffer;
    encrypt(buffer: Buffer, params: EceParams): Buffer;
  };
  export default ece;
}
