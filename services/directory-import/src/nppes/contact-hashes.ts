import { createHmac } from 'node:crypto';
import { hashPhone, phoneHashes } from '@healthtal/api';

const NANP = /^\+1([2-9]\d{9})$/;
const hmac = (key: Buffer, value: string) => createHmac('sha256', key).update(value, 'utf8').digest('hex');

/**
 * `phoneHashes(key, phone)` (the canonical E.164 hash first, then the digit forms earlier versions
 * hashed) for a registry phone already in E.164. A North American number, nearly every row of
 * the file, skips the phone parser `phoneHashes` goes through (about 50 µs a number, most of an
 * import's budget): its forms are "+1NXXNXXXXXX", "1NXXNXXXXXX" and "NXXNXXXXXX". The unit test
 * holds this to `phoneHashes`.
 */
export function registryPhoneHashes(key: Buffer, phone: string | null): string[] {
  if (!phone) return [];
  const national = NANP.exec(phone)?.[1];
  if (!national) return phoneHashes(key, phone);
  return [hmac(key, phone), hmac(key, `1${national}`), hmac(key, national)];
}

/**
 * The hash events store for a registry phone (`registryPhoneHashes(key, phone)[0]`) alone: what an
 * import needs when the suppression list is empty and there is nothing to look the others up in.
 */
export function registryPhoneHash(key: Buffer, phone: string | null): string | null {
  if (!phone) return null;
  return NANP.test(phone) ? hmac(key, phone) : hashPhone(key, phone);
}
