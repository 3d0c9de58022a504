import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane): a few tens of
 * milliseconds here, and stored in the hash so they can be raised later without a migration.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password. With no hash (unknown email) it still runs one verification against a
 * dummy hash, so the answer takes as long as for a wrong password and does not reveal who exists.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
