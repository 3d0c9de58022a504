/**
 * One mailbox, one spelling: what the suppression list compares (docs/adr/0040). Case never
 * matters; a `+tag` (RFC 5233 subaddressing, which Gmail, Google Workspace, Microsoft 365 and
 * Outlook.com, iCloud, Fastmail, Proton and the usual mail servers deliver to the untagged mailbox)
 * is dropped for every domain; dots are dropped only where the provider documents that it ignores
 * them: Google's consumer mail, whose gmail.com and googlemail.com are one mailbox.
 */

/** Domains whose local parts ignore dots, and the one domain they are the same mailbox under. */
const DOTS_IGNORED: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

type Parts = { local: string; domain: string };

/** Trimmed and lower-cased, split at the last `@`; null when there is no address. */
function partsOf(email: string | null | undefined): Parts | string | null {
  const address = email?.trim().toLowerCase();
  if (!address) return null;
  const at = address.lastIndexOf('@');
  // No local part or no domain: not an address to canonicalise, compared as it is.
  if (at <= 0 || at === address.length - 1) return address;
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/** The local part without its `+tag`; a part that is all tag ("+news") stays as it is. */
const untagged = (local: string) => {
  const plus = local.indexOf('+');
  return plus > 0 ? local.slice(0, plus) : local;
};

/** The address as its mailbox: `Dana.Whitfield+hr@GoogleMail.com` → `danawhitfield@gmail.com`. */
export function canonicalEmail(email: string | null | undefined): string | null {
  const parts = partsOf(email);
  if (parts === null || typeof parts === 'string') return parts;
  const local = untagged(parts.local);
  const google = DOTS_IGNORED[parts.domain];
  if (!google) return `${local}@${parts.domain}`;
  return `${local.replaceAll('.', '') || local}@${google}`;
}

/**
 * The spellings earlier versions hashed for this address (trimmed and lower-cased, nothing else), as
 * far as they follow from it: the address as typed, without its tag, and a Google address under the
 * other Google domain. An entry written for `dana.w@gmail.com` is found again from
 * `Dana.W+hr@googlemail.com`; one written for a dotted Gmail address cannot be found from another
 * arrangement of the dots, since the list holds hashes only.
 */
export function legacyEmailSpellings(email: string | null | undefined): string[] {
  const parts = partsOf(email);
  if (parts === null) return [];
  if (typeof parts === 'string') return [parts];
  const locals = new Set([parts.local, untagged(parts.local)]);
  const domains = DOTS_IGNORED[parts.domain] ? Object.keys(DOTS_IGNORED) : [parts.domain];
  return [...locals].flatMap((local) => domains.map((domain) => `${local}@${domain}`));
}
