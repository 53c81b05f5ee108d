import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  /** AES-256-GCM; `context` (e.g. "billing_sources:<id>") is authenticated, so a sealed value cannot be moved to another row. */
  seal(plaintext: string, context: string): string;
  /** Throws when the value was altered, sealed under another key, or for another context. */
  open(sealed: string, context: string): string;
}

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** Secrets at rest (cloud credentials), keyed from SECRET_KEY through HKDF so the key serves one purpose only. */
export function createSecretBox(secretKey: string): SecretBox {
  if (secretKey.length < 32) throw new SecretBoxError('SECRET_KEY must be at least 32 characters');
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'finlens', 'secret-box v1', 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, body, tag, ...rest] = sealed.split('.');
      if (
        version !== VERSION ||
        iv === undefined ||
        body === undefined ||
        tag === undefined ||
        rest.length > 0
      ) {
        throw new SecretBoxError('not a sealed secret');
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
        throw new SecretBoxError('not a sealed secret');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes);
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError(
          'sealed secret cannot be opened: altered, or sealed with another SECRET_KEY',
        );
      }
    },
  };
}
