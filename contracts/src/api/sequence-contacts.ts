import { z } from 'zod';
import { SearchLimits } from '../domain/directory';
import { OptOutVia } from '../domain/sequences';
import { AdminIdFilter } from './admin';

/*
 * Who was mailed by a sequence, as the recruiter's cards and the console see it (issue 36):
 * "Contacted by you on …" per candidate, the clinicians' global opt-outs, and each sender's counts.
 */

const CONTACTED_IDS_MESSAGE = `candidateIds is 1 to ${SearchLimits.pageSizeMax} candidate ids, separated by commas.`;

/**
 * `GET /api/v1/sequences/contacted?candidateIds=a,b,c`: a page of results' candidates at once (at
 * most a page, `pageSizeMax`), so a results page asks once, not once per card.
 */
export const ContactedQuery = z.strictObject({
  candidateIds: z
    .string(CONTACTED_IDS_MESSAGE)
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))])
    .pipe(
      z
        .array(z.uuid('Each candidate id must be a UUID.'))
        .min(1, CONTACTED_IDS_MESSAGE)
        .max(SearchLimits.pageSizeMax, CONTACTED_IDS_MESSAGE),
    ),
});
export type ContactedQuery = z.infer<typeof ContactedQuery>;

/**
 * One candidate the caller mailed through a sequence, or who opted out of recruiting email from
 * everyone. Candidates with neither are left out of the answer.
 */
export const ContactedCandidate = z.object({
  candidateId: z.uuid(),
  /** When the caller's last sequence email to them was handed to the mail server; null: never. */
  lastContactedAt: z.iso.datetime().nullable(),
  /** They asked for no recruiting email through HealthTal, from anyone. */
  optedOut: z.boolean(),
});
export type ContactedCandidate = z.infer<typeof ContactedCandidate>;
export const ContactedCandidates = z.array(ContactedCandidate);
export type ContactedCandidates = z.infer<typeof ContactedCandidates>;

/** A row of the console's global opt-outs: who (the directory's name), when and how they asked. */
export const ClinicianOptOutRow = z.object({
  id: z.uuid(),
  /** The directory's name for them; null once their record was removed. */
  name: z.string().nullable(),
  optedOutAt: z.iso.datetime(),
  via: OptOutVia,
});
export type ClinicianOptOutRow = z.infer<typeof ClinicianOptOutRow>;

/** The opt-outs list's `filter`: `q` is contained in the name; `via`, how they asked. */
export const ClinicianOptOutFilter = z.object({
  id: AdminIdFilter(z.uuid()).optional(),
  q: z.string().max(320).optional(),
  via: OptOutVia.optional(),
});
export type ClinicianOptOutFilter = z.infer<typeof ClinicianOptOutFilter>;

/** A recruiter who sends sequences, with what their sequences did: the console's per-sender counts. */
export const OutreachSenderRow = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  sequences: z.number().int(),
  enrolled: z.number().int(),
  sent: z.number().int(),
  /** Recipients whose next step waits because the clinician's weekly cap is reached. */
  waitingOnCap: z.number().int(),
  lastSentAt: z.iso.datetime().nullable(),
});
export type OutreachSenderRow = z.infer<typeof OutreachSenderRow>;

/** The senders list's `filter`: `q` is contained in the sender's email. */
export const OutreachSenderFilter = z.object({
  id: AdminIdFilter(z.uuid()).optional(),
  q: z.string().max(320).optional(),
});
export type OutreachSenderFilter = z.infer<typeof OutreachSenderFilter>;
