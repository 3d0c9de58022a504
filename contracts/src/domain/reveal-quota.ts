/**
 * Contact reveals a subscriber may make per UTC day, by plan tier (ours: the spec sets no limit; a
 * basic account revealing without one could copy the directory). The server reads
 * REVEAL_QUOTA_BASIC / REVEAL_QUOTA_PREMIUM; these are the defaults. Demo users are bounded by
 * their grant's max uses instead. Revealing a contact again the same day is not counted.
 */
export const RevealQuotaDefaults = { basic: 100, premium: 500 } as const;

export const RevealQuotaMessages = {
  exhausted: (limit: number) =>
    `You have used today's ${limit} contact reveals. The quota starts again at midnight UTC.`,
  remaining: (remaining: number, limit: number) => `${remaining} of ${limit} contact reveals left today`,
  // Ours (issue 36): a bounce gives the reveal back, and the Account page says so.
  credited: (count: number) =>
    `${count} ${count === 1 ? 'reveal was' : 'reveals were'} credited back today: the email bounced.`,
  // Ours (issue 37): the toast of a refused reveal, over the server's detail (which quota, when it resets).
  exhaustedTitle: 'Daily reveal limit reached',
  annualAllows: (limit: number) => `The Annual plan allows ${limit} contact reveals a day.`,
  // Ours (issue 37, finding 19): what "full access" means, wherever a plan is sold.
  perPlan: (plans: readonly { name: string; dailyRevealQuota: number }[]) =>
    `Contact reveals: ${plans.map((plan) => `${plan.dailyRevealQuota.toLocaleString('en-US')} a day on ${plan.name}`).join(', ')}.`,
  planQuota: (limit: number) => `Up to ${limit.toLocaleString('en-US')} contact reveals a day`,
} as const;
