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
