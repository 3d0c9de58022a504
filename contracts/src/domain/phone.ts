import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Numbers written without a country code are read as North American (the directory's people). */
export const DEFAULT_PHONE_COUNTRY = 'US';

/** A North American number in E.164: what the parser gives back for it is itself (phone.test.ts). */
const NANP_E164 = /^\+1([2-9]\d{9})$/;
/** "(626) 555-0170", "626-555-0170", "626.555.0170", "+1 626 555 0170", "1-626-555-0170". */
const NANP_GROUPED = /^(?:\+?1[ .-]?)?(?:\(([2-9]\d{2})\) ?|([2-9]\d{2})[ .-]?)(\d{3})[ .-]?(\d{4})$/;

/**
 * The one phone normaliser: any spelling of a number ("(626) 555-0170", "+1 626 555 0170",
 * "626.555.0170") becomes its E.164 form ("+16265550170"), which is what is stored, hashed,
 * matched and shown. Null when there is no number or it cannot be a phone number.
 */
export function normalisePhone(raw: string | null | undefined): string | null {
  const text = raw?.trim();
  if (!text) return null;
  // The common spellings of a North American number without the parser's cost (imports see millions):
  // ten digits, their E.164 form (what hashing and matching see again and again), and the usual
  // groupings. The parser gives the same for each (phone.test.ts).
  if (/^[2-9]\d{9}$/.test(text)) return `+1${text}`;
  if (NANP_E164.test(text)) return text;
  const grouped = NANP_GROUPED.exec(text);
  if (grouped) return `+1${grouped[1] ?? grouped[2]}${grouped[3]}${grouped[4]}`;
  return parsedPhone(text);
}

/** What the phone parser reads in `text`: normalisePhone without its shortcuts. */
export function parsedPhone(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
  return parsed?.isPossible() ? parsed.number : null;
}

/** Whether a typed number can be read as a phone number (form validation). */
export const isPhoneNumber = (raw: string | null | undefined): boolean => normalisePhone(raw) !== null;

/**
 * The digit strings earlier versions hashed for this number (they kept the digits and dropped the
 * rest, so "+1 626…" and "626…" hashed apart): the number's own digits, its national digits and its
 * digits with the country code. The suppression list holds hashes only, so entries written that way
 * can only be found again by hashing these too (docs/adr/0022-phone-normalisation.md).
 */
export function legacyPhoneDigits(raw: string | null | undefined): string[] {
  const digits = raw?.replace(/\D/g, '') ?? '';
  const forms = new Set<string>(digits ? [digits] : []);
  const e164 = normalisePhone(raw);
  if (e164) for (const form of nationalForms(e164)) forms.add(form);
  return [...forms];
}

/** A stored number's national digits, and its digits with the country code. */
export function nationalForms(e164: string): string[] {
  const nanp = NANP_E164.exec(e164);
  return nanp ? [nanp[1]!, `1${nanp[1]}`] : parsedNationalForms(e164);
}

/** nationalForms as the phone parser reads them, without the North American shortcut. */
export function parsedNationalForms(e164: string): string[] {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? [parsed.nationalNumber, `${parsed.countryCallingCode}${parsed.nationalNumber}`] : [];
}
