import { clientOf } from '../shared/client-address';
import { RATE_RULES, type RateLimiter } from '../shared/rate-limit';

/**
 * How long the answers of an account that is being guessed at wait: nothing below the rule's limit
 * of failures in its window, then half a second, doubling with each further limit's worth, up to 5 s.
 */
export function slowdownFor(failures: number): number {
  const { limit } = RATE_RULES.loginFailuresPerAccount;
  if (failures < limit) return 0;
  return Math.min(5_000, 500 * 2 ** Math.floor((failures - limit) / limit));
}

/**
 * Password guessing is stopped where it comes from, never by walling off the account (ADR 0039):
 * - a client (an IPv4 address, an IPv6 /64) gets 10 failures per account and 30 in all per
 *   15 minutes, then 429 for the rest of the window;
 * - the account's own failures, from everywhere, only slow its answers down (slowdownFor), right
 *   and wrong alike so the pause tells nothing; the right password from a client that has not
 *   been guessing always signs in.
 * Failures are what count: an attempt is counted before the password is checked (so concurrent
 * guesses cannot slip past the limit) and given back when the password was right. The right password
 * also clears that client's failures on the account (someone who mistyped starts afresh), but not
 * its failures in all: signing in to an account of one's own must not buy guesses at others.
 */
export class SignInThrottle {
  constructor(private readonly limiter: RateLimiter) {}

  async check(ip: string | undefined, email: string, passwordIsRight: () => Promise<boolean>) {
    const client = clientOf(ip);
    const account = email.toLowerCase();
    const [onAccount, inAll] = await this.limiter.hit([
      { rule: RATE_RULES.loginFailuresPerClientAndAccount, key: `${client} ${account}` },
      { rule: RATE_RULES.loginFailuresPerClient, key: client },
    ]);
    const accountFailures = { rule: RATE_RULES.loginFailuresPerAccount, key: account };
    await this.limiter.clock.sleep(slowdownFor(await this.limiter.current(accountFailures)));
    const right = await passwordIsRight();
    if (right) {
      await this.limiter.forget([onAccount!]);
      await this.limiter.giveBack([inAll!]);
    } else await this.limiter.take(accountFailures);
    return right;
  }
}
