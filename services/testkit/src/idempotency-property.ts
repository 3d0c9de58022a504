/**
 * The hostile sweep's Idempotency-Key property (ADR 0004): requests draw their keys from a small pool,
 * so keys meet other callers, paths and bodies. A key belongs to one request — its caller (for an
 * anonymous caller, its client), method, actual path and body — so within one such scope no two
 * bodies both succeed under one key, and a replayed answer is one a request of that scope with that
 * body was given. (Refusals that come before the key is looked at — no session, no capability, a
 * body that is not JSON — answer any body, as Stripe's do.)
 */

export type KeyedOutcome = {
  /** Who sent it and where: the caller (for an anonymous one, its client address), method and path. */
  scope: string;
  key: string;
  /** The body as the server reads it, the text it hashes: parsed JSON, or null for any other. */
  body: string;
  status: number;
  replayed: boolean;
  /** Refused because the key is bound to another request. */
  reused: boolean;
};

/** Each breach of the property, in words; none is the pass. */
export function idempotencyBreaches(outcomes: readonly KeyedOutcome[]): string[] {
  const groups = new Map<string, KeyedOutcome[]>();
  for (const o of outcomes) {
    const group = `${o.scope} key ${o.key}`;
    groups.set(group, [...(groups.get(group) ?? []), o]);
  }
  const breaches: string[] = [];
  for (const [group, members] of groups) {
    const answered = members.filter((m) => !m.reused && m.status !== 0);
    const succeeded = new Set(answered.filter((m) => m.status < 300).map((m) => m.body));
    if (succeeded.size > 1)
      breaches.push(`${group}: ${succeeded.size} different bodies succeeded under one key`);
    for (const replay of answered.filter((m) => m.replayed)) {
      const original = answered.some(
        (m) => !m.replayed && m.body === replay.body && m.status === replay.status,
      );
      if (!original)
        breaches.push(`${group}: a ${replay.status} replayed that no request of this scope was given`);
    }
  }
  return breaches;
}

/** A body as the server hashes it (express.json's parse, or nothing for any other content type). */
export function bodyAsRead(body: { text: string; type: string } | undefined): string {
  if (body?.type !== 'application/json') return 'null';
  try {
    return JSON.stringify(JSON.parse(body.text));
  } catch {
    return 'unparsable';
  }
}
