import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), about 50 ms here, stored in
 * the PHC string so they can be raised later without a migration. Computed in WebAssembly
 * (hash-wasm): the native `argon2` package's prebuilt binary crashed on a clean Debian machine,
 * and building it needs a compiler CI should not depend on.
 */
const PARAMETERS = { parallelism: 1, iterations: 2, memorySize: 19_456, hashLength: 32 } as const;

export const hashPassword = (password: string) =>
  argon2id({ ...PARAMETERS, password, salt: randomBytes(16), outputType: 'encoded' });

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password. With no hash (unknown email) it still runs one verification against a
 * dummy hash, so the answer takes as long as for a wrong password and does not reveal who exists.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2Verify({ password, hash: await dummyHash }).catch(() => false);
    return false;
  }
  return argon2Verify({ password, hash }).catch(() => false);
}
