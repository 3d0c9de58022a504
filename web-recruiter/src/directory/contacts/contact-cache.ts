import { onSessionChange } from '../../app/api';
import { isRevealFresh } from '../candidate-card';

/**
 * Revealed contacts stay on this device for 24 hours (spec §3, §9), so a second look costs no
 * reveal. The first version kept them base64-encoded; we keep them encrypted: AES-GCM under a
 * non-extractable key that lives in IndexedDB (scripts can use it but nobody can read it out, and
 * a copy of localStorage alone is ciphertext). Without WebCrypto or IndexedDB nothing is cached.
 * Signing out forgets them all, so the next person at a shared computer starts clean.
 */
export type RevealedContact = {
  email: string | null;
  phone: string | null;
  /** Absent in entries cached before reveals carried it. */
  linkedinUrl?: string | null;
  fetchedAt: number;
};

type Sealed = { fetchedAt: number; iv: string; data: string };

const STORAGE_PREFIX = 'healthtal.revealedContacts.v1.';
const DB_NAME = 'healthtal-recruiter';
const KEY_STORE = 'keys';
const KEY_ID = 'revealed-contacts';

const toBase64 = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function openKeyStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(KEY_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function idb<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = run(db.transaction(KEY_STORE, mode).objectStore(KEY_STORE));
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error);
  });
}

let keyPromise: Promise<CryptoKey | null> | null = null;
/** The device's cache key, made on first use. Null where the browser cannot keep one. */
function cacheKey(): Promise<CryptoKey | null> {
  keyPromise ??= (async () => {
    if (!globalThis.crypto?.subtle || !globalThis.indexedDB) return null;
    const db = await openKeyStore();
    const existing = await idb<CryptoKey | undefined>(db, 'readonly', (s) => s.get(KEY_ID));
    if (existing) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await idb(db, 'readwrite', (s) => s.put(key, KEY_ID));
    return key;
  })().catch(() => null);
  return keyPromise;
}

const storageKey = (userId: string) => `${STORAGE_PREFIX}${userId}`;

function readAll(userId: string): Record<string, Sealed> {
  try {
    return JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}') as Record<string, Sealed>;
  } catch {
    return {};
  }
}

/** Drops expired entries while writing, so the cache never grows past a day's reveals. */
function writeAll(userId: string, entries: Record<string, Sealed>) {
  const now = Date.now();
  const fresh = Object.fromEntries(
    Object.entries(entries).filter(([, e]) => isRevealFresh(e.fetchedAt, now)),
  );
  localStorage.setItem(storageKey(userId), JSON.stringify(fresh));
}

export async function cachedContact(userId: string, candidateId: string): Promise<RevealedContact | null> {
  const sealed = readAll(userId)[candidateId];
  if (!sealed || !isRevealFresh(sealed.fetchedAt, Date.now())) return null;
  const key = await cacheKey();
  if (!key) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
      key,
      fromBase64(sealed.data),
    );
    const { email, phone, linkedinUrl } = JSON.parse(new TextDecoder().decode(plain)) as RevealedContact;
    return {
      email,
      phone,
      ...(linkedinUrl === undefined ? {} : { linkedinUrl }),
      fetchedAt: sealed.fetchedAt,
    };
  } catch {
    return null; // a key from another browser profile, or a tampered entry: reveal again
  }
}

export async function cacheContact(userId: string, candidateId: string, contact: RevealedContact) {
  const key = await cacheKey();
  if (!key) return;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const { email, phone, linkedinUrl } = contact;
  const plain = new TextEncoder().encode(JSON.stringify({ email, phone, linkedinUrl }));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain);
  const entries = readAll(userId);
  entries[candidateId] = { fetchedAt: contact.fetchedAt, iv: toBase64(iv), data: toBase64(data) };
  writeAll(userId, entries);
}

/** Forgets every revealed contact kept on this device. */
export function forgetRevealedContacts(): void {
  for (const key of Object.keys(localStorage))
    if (key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
}

onSessionChange((session) => {
  if (session === null) forgetRevealedContacts();
});
