import { randomBytes } from 'node:crypto';
import { type Api, DEV_ACCOUNTS, seedDevAccounts } from '@healthtal/api';
import type { Config } from './config';

/** The designated demo account of embedded mode (see the README's dev accounts). */
export const DEV_DEMO_EMAIL = 'demo@healthtal.test';

export type DevAccounts = { created: string[]; password: string | null };

/**
 * Embedded mode's first start creates one account per role. Their password is
 * DEV_ACCOUNTS_PASSWORD, or generated and shown once: it is not stored anywhere in the clear.
 */
export async function createDevAccounts(identity: Api['identity'], config: Config): Promise<DevAccounts> {
  const password = config.DEV_ACCOUNTS_PASSWORD ?? randomBytes(9).toString('base64url');
  const created = await seedDevAccounts(identity, password);
  return { created, password: created.length > 0 ? password : null };
}

export function describeDevAccounts(accounts: DevAccounts, configured: boolean): string {
  if (accounts.created.length === 0) {
    return `  Dev accounts: ${DEV_ACCOUNTS.map((a) => a.email).join(', ')} (created on the first start).`;
  }
  const lines = DEV_ACCOUNTS.filter((a) => accounts.created.includes(a.email)).map(
    (a) => `    ${a.role.padEnd(8)} ${a.email}`,
  );
  const password = configured
    ? 'the password in DEV_ACCOUNTS_PASSWORD'
    : `password ${accounts.password} (shown once)`;
  return `  Dev accounts created, ${password}:\n${lines.join('\n')}`;
}
