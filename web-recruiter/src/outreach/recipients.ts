import {
  type CandidateCard,
  CandidateProfile,
  renderTemplate,
  type TemplateCandidate,
} from '@healthtal/contracts';
import { useQueries } from '@tanstack/react-query';
import { api } from '../app/api';

/** One recipient of Send Email: the candidate's own subject and body, placeholders filled. */
export type Recipient = { candidateId: string; email: string; name: string; subject: string; body: string };

/** The template fields (spec §3, "Email template placeholders") a candidate card carries. */
export const templateCandidateOf = (card: CandidateCard | undefined): TemplateCandidate => ({
  Contactfirstname: card?.firstName,
  Contactlastname: card?.lastName,
  specialty: card?.specialty,
  Contacttitle: card?.title,
  Companyname: card?.organization,
  Contactcity: card?.city,
  Contactstate: card?.state,
});

/** These candidates' profiles, one query each, in the profile page's cache. */
export function useProfiles(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['candidate', id],
      queryFn: () => api(`/api/v1/candidates/${id}`, { schema: CandidateProfile }),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
}

/**
 * Each revealed recipient's own message: the profile (shared with the profile page's cache) fills
 * the placeholders, with the spec's fallbacks while it loads or when a field is empty.
 */
export function useRecipients(emails: ReadonlyMap<string, string>, subject: string, body: string) {
  const ids = [...emails.keys()];
  const profiles = useProfiles(ids);
  const loading = profiles.some((p) => p.isPending);
  const recipients: Recipient[] = ids.map((id, i) => {
    const card = profiles[i]?.data;
    const fields = templateCandidateOf(card);
    const name = [card?.firstName, card?.lastName].filter(Boolean).join(' ');
    return {
      candidateId: id,
      email: emails.get(id)!,
      name: name || emails.get(id)!,
      subject: renderTemplate(subject, fields),
      body: renderTemplate(body, fields),
    };
  });
  return { recipients, loading };
}
