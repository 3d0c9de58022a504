import type { Candidate, Session } from './world';

/** What the run believes; `unknown` where a crash left an outcome open. */
export type Account = {
  email: string;
  password: string;
  session: Session | null;
  state: 'active' | 'deleted' | 'unknown';
  /** A demo user may not check out, and a subscriber is not made a demo user. */
  role: 'free' | 'demo' | 'subscriber';
};

export type ListModel = {
  id: string;
  owner: Session;
  /** On the list for sure; `maybe` may or may not be (a race whose order the model cannot know). */
  sure: Set<string>;
  maybe: Set<string>;
  names: Set<string>;
  state: 'active' | 'deleted' | 'unknown';
};

export type Owned = { id: string; owner: Session; state: 'active' | 'deleted' | 'unknown' };

export type Resume = {
  id: string;
  email: string;
  lastName: string;
  status: 'pending' | 'approved' | 'rejected' | 'unknown';
};

export type Model = {
  tag: string;
  accounts: Account[];
  recruiters: Session[];
  lists: ListModel[];
  searches: Owned[];
  templates: Owned[];
  candidates: Candidate[];
  resumes: Resume[];
  /** Emails, phones and names of everyone erased (confirmed removals, deleted users). */
  erasedStrings: Set<string>;
  erasedCandidates: Set<string>;
  deletedUsers: Set<string>;
  /** Customers an export answered 200 (they took data), and those a refund approval answered 200. */
  exporters: Set<string>;
  refunded: Set<string>;
  emailCounter: number;
};

export const newModel = (tag: string, recruiters: Session[], candidates: Candidate[]): Model => ({
  tag,
  accounts: [],
  recruiters,
  lists: [],
  searches: [],
  templates: [],
  candidates,
  resumes: [],
  erasedStrings: new Set(),
  erasedCandidates: new Set(),
  deletedUsers: new Set(),
  exporters: new Set(),
  refunded: new Set(),
  emailCounter: 0,
});

export const pick = <T>(items: readonly T[], n: number): T | undefined =>
  items.length === 0 ? undefined : items[n % items.length];

export const liveAccounts = (model: Model) => model.accounts.filter((a) => a.state === 'active' && a.session);
export const liveCandidates = (model: Model) => model.candidates.filter((c) => !c.erased);
export const liveLists = (model: Model) => model.lists.filter((l) => l.state === 'active');

/** The candidates an index mask picks out of the live ones (at least one). */
export function subset(model: Model, mask: number): string[] {
  const live = liveCandidates(model);
  const chosen = live.filter((_, i) => (mask >> i) & 1).map((c) => c.id);
  return chosen.length > 0 ? chosen : live.slice(0, 1).map((c) => c.id);
}
