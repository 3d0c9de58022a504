// Apart from phone.ts so the web apps can show numbers without bundling libphonenumber-js.
/**
 * A stored (E.164) number as a recruiter reads it: North American numbers in their national format,
 * "(626) 555-0170", everything else as stored. Plain string work, so the web apps need no parser.
 */
export function formatPhoneForDisplay(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : phone;
}
