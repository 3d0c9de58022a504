import { isLinkedinProfileUrl } from '@healthtal/contracts';
import { type AccessProfile, capabilitiesOf } from '../identity/access-profile';

/**
 * Which of a candidate's personal fields a caller may receive: the one place that decides it, a
 * pure function of the caller's access profile. Search cards, the profile, list members and exports
 * all pass what they send through here, so hiding a field is never left to a web app.
 *
 * - `contacts`: emails and phones (by reveal or export).
 * - `linkedin`: the LinkedIn URL on cards, profiles, list members and export rows: subscribers and
 *   admins. The spec restricts it for demo accounts like the emails and phones (recruiter-directory
 *   §4, §6), and a demo grant counts its uses: a use is one candidate's contact details handed out,
 *   LinkedIn included. So a demo user — even with a full_access grant — gets a LinkedIn URL only from
 *   a reveal, which counts the use (reveal.ts), never for free on a page of search results.
 */
export type FieldPolicy = { readonly contacts: boolean; readonly linkedin: boolean };

export const NO_PERSONAL_FIELDS: FieldPolicy = Object.freeze({ contacts: false, linkedin: false });

export function fieldPolicyOf(profile: AccessProfile | null | undefined): FieldPolicy {
  if (!profile) return NO_PERSONAL_FIELDS;
  const contacts = capabilitiesOf(profile).has('contacts');
  return { contacts, linkedin: contacts && !profile.isDemo };
}

/**
 * A card or profile as this caller may see it: the LinkedIn URL only when allowed and only when it
 * is a linkedin.com profile (imported data is not trusted to point where its label says).
 */
export function withVisibleFields<T extends { linkedinUrl: string | null }>(
  record: T,
  policy: FieldPolicy,
): T {
  const linkedinUrl = policy.linkedin && isLinkedinProfileUrl(record.linkedinUrl) ? record.linkedinUrl : null;
  return linkedinUrl === record.linkedinUrl ? record : { ...record, linkedinUrl };
}

/** Export rows: contact columns and the LinkedIn URL blanked for a caller who may not see them. */
export function withVisibleExportFields<
  T extends {
    linkedin_url: string | null;
    personal_email: string | null;
    work_email: string | null;
    phone: string | null;
    direct_phone: string | null;
  },
>(row: T, policy: FieldPolicy): T {
  const linkedin_url = policy.linkedin && isLinkedinProfileUrl(row.linkedin_url) ? row.linkedin_url : null;
  if (policy.contacts) return linkedin_url === row.linkedin_url ? row : { ...row, linkedin_url };
  return { ...row, linkedin_url, personal_email: null, work_email: null, phone: null, direct_phone: null };
}
