import { randomUUID } from 'node:crypto';
import type { CandidateImported, EnrolResult, SequenceView } from '@healthtal/contracts';
import { candidate } from './directory-fixture';
import type { SignedIn, TestApp } from './harness';

/** New York nurses with personal emails: 09:00–17:00 New York time is their send window. */
export const newYorkNurses = (prefix: string, count: number): CandidateImported['data'][] =>
  Array.from({ length: count }, (_, i) =>
    candidate(`${prefix}-${i}-${randomUUID()}`, {
      firstName: `Nurse${i}`,
      lastName: prefix,
      state: 'NY',
      city: 'Albany',
      personalEmail: `${prefix}.${i}.${randomUUID().slice(0, 8)}@clinicians.test`,
    }),
  );

/**
 * A premium subscriber (500 reveals a day) who revealed these candidates, as enrolling needs.
 * `signUp` is the app's own, or smtpAccounts' where its mail goes through SMTP.
 */
export async function recruiterWhoRevealed(
  app: TestApp,
  candidateIds: readonly string[],
  signUp: () => Promise<SignedIn> = () => app.signUp(),
): Promise<SignedIn> {
  const user = await signUp();
  await app.subscribe(user, 'price_annual');
  await app.caughtUp();
  for (let i = 0; i < candidateIds.length; i += 20) {
    const answers = await Promise.all(
      candidateIds
        .slice(i, i + 20)
        .map((id) => app.request(`/api/v1/candidates/${id}/reveal`, { method: 'POST', as: user })),
    );
    const refused = answers.filter((answer) => answer.status !== 200);
    if (refused.length > 0) throw new Error(`reveal answered ${refused[0]!.status}`);
  }
  await app.caughtUp();
  return user;
}

/** A one-step sequence of `user`'s, made through the API; its id. */
export async function oneStepSequence(app: TestApp, user: SignedIn, name: string): Promise<string> {
  const made = await app.request('/api/v1/sequences', {
    method: 'POST',
    as: user,
    json: {
      name,
      steps: [{ subject: 'Hi {{first_name}}', body: 'An ICU role in {{location}}.', waitBusinessDays: 0 }],
    },
  });
  if (made.status !== 201) throw new Error(`sequence: ${made.status} ${await made.text()}`);
  return ((await made.json()) as SequenceView).id;
}

/** A sequence with one step per wait (business days), each mail naming its step. */
export async function createSequence(app: TestApp, user: SignedIn, waits: number[]): Promise<SequenceView> {
  const response = await app.request('/api/v1/sequences', {
    method: 'POST',
    as: user,
    json: {
      name: `Sequence ${randomUUID().slice(0, 6)}`,
      steps: waits.map((waitBusinessDays, i) => ({
        subject: `Step ${i + 1} for {{first_name}}`,
        body: `Hello {{first_name}}, step ${i + 1} about an ICU role in {{location}}.`,
        waitBusinessDays,
      })),
    },
  });
  if (response.status !== 201) throw new Error(`creating a sequence answered ${response.status}`);
  return (await response.json()) as SequenceView;
}

/** Enrols candidates through the API of the process at `baseUrl` (the app's, or another process's). */
export async function enrolThrough(
  baseUrl: string,
  user: SignedIn,
  sequenceId: string,
  candidateIds: readonly string[],
): Promise<EnrolResult> {
  const response = await fetch(`${baseUrl}/api/v1/sequences/${sequenceId}/enrolments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` },
    body: JSON.stringify({ candidateIds }),
  });
  if (response.status !== 200)
    throw new Error(`enrolling answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as EnrolResult;
}
