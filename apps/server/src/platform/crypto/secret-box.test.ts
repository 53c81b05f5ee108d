import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const key = 'k'.repeat(40);

describe('secret box', () => {
  it('opens what it sealed: empty, multi-byte and long texts', () => {
    const box = createSecretBox(key);
    const texts = ['', 'plain', 'zoë 🚀 \u0000 naïve', '{"secretAccessKey":"a/b+c="}', 'x'.repeat(100_000)];
    for (const [index, text] of texts.entries()) {
      expect(box.open(box.seal(text, `row:${index}`), `row:${index}`)).toBe(text);
    }
  });

  it('never stores the plaintext and seals the same text differently each time', () => {
    const box = createSecretBox(key);
    const a = box.seal('AKIAEXAMPLE/secret', 'row:1');
    expect(a).not.toContain('AKIAEXAMPLE');
    expect(box.seal('AKIAEXAMPLE/secret', 'row:1')).not.toBe(a);
  });

  it('detects any altered byte of the nonce, ciphertext or tag', () => {
    const box = createSecretBox(key);
    const parts = box.seal('{"secretAccessKey":"abc"}', 'row:1').split('.');
    // Flip bits in the decoded bytes: a changed base64 character may only touch padding bits.
    for (let part = 1; part < parts.length; part += 1) {
      const bytes = Buffer.from(parts[part] ?? '', 'base64url');
      for (let index = 0; index < bytes.length; index += 1) {
        const altered = Buffer.from(bytes);
        altered[index] = (altered[index] ?? 0) ^ 0x01;
        const sealed = parts
          .map((text, at) => (at === part ? altered.toString('base64url') : text))
          .join('.');
        expect(() => box.open(sealed, 'row:1')).toThrow(SecretBoxError);
      }
    }
  });

  it('refuses another key, another context and malformed input', () => {
    const sealed = createSecretBox(key).seal('secret', 'row:1');
    expect(() => createSecretBox('x'.repeat(40)).open(sealed, 'row:1')).toThrow(/another SECRET_KEY/);
    expect(() => createSecretBox(key).open(sealed, 'row:2')).toThrow(SecretBoxError);
    expect(() => createSecretBox(key).open('plain text', 'row:1')).toThrow(/not a sealed secret/);
    expect(() => createSecretBox('short')).toThrow(/32 characters/);
  });
});
