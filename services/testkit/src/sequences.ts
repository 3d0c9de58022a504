import type { SequenceView } from '@healthtal/contracts';
import type { SignedIn, TestApp } from './harness';

/**
 * A Monthly subscriber who revealed these candidates: the recipients a sequence takes are the ones
 * whose contact the recruiter revealed (as Send Email's). `signUp` makes the account: the harness's
 * own, or smtpAccounts' when the product's mail goes through an SMTP server.
 */
export async function recruiterWhoRevealed(
  app: TestApp,
  candidateIds: readonly string[],
  signUp: () => Promise<SignedIn> = () => app.signUp(),
): Promise<SignedIn> {
  const user = await signUp();
  await app.subscribe(user, 'price_monthly');
  await app.caughtUp();
  for (const id of candidateIds) {
    const reveal = await app.request(`/api/v1/candidates/${id}/reveal`, { method: 'POST', as: user });
    if (reveal.status !== 200) throw new Error(`reveal of ${id}: ${reveal.status} ${await reveal.text()}`);
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
