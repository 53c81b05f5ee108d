import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id with the library's defaults (OWASP-level memory and time costs); hashes are PHC strings. */
export function createArgon2Hasher(): PasswordHasher {
  return {
    hash: (password) => argon2.hash(password, { type: argon2.argon2id }),
    verify: async (hash, password) => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}

/** Verifying against this when no user matches keeps a failed sign-in as slow for unknown emails. */
export async function dummyHash(hasher: PasswordHasher): Promise<string> {
  return hasher.hash('not-a-real-password-0!A');
}
