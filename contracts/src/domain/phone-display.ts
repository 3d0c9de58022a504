// Apart from phone.ts so the web apps can show numbers without bundling libphonenumber-js.
/**
 * A number as a recruiter reads it: North American numbers in their one national format,
 * "(626) 555-0170", whether stored as E.164 ("+16265550170", ADR 0022) or spelled otherwise by an
 * older record ("626.555.0170", "1-626-555-0170"); any other number as stored. Plain string work,
 * so the web apps need no parser.
 */
export function formatPhoneForDisplay(phone: string | null | undefined): string | null {
  const text = phone?.trim();
  if (!text) return null;
  // Only digits and the usual separators count as a spelling of a number (not "555-0100 ext. 7").
  if (!/^[+\d\s().-]+$/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  const national = /^1?([2-9]\d{2})(\d{3})(\d{4})$/.exec(digits);
  const international = text.startsWith('+') && !text.startsWith('+1');
  return national && !international ? `(${national[1]}) ${national[2]}-${national[3]}` : text;
}
