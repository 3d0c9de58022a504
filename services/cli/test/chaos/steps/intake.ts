import { RATE_RULES } from '@healthtal/api';
import { describeExchange } from '../invariants';
import { liveCandidates, liveLists, type Model, pick } from '../model';
import {
  attemptsOf,
  count,
  expectAnswers,
  fail,
  mailMark,
  mailsAtLeast,
  overLimit,
  tokenFromMail,
  type World,
} from '../world';
import { all, Step } from './step';

/** The resume form of one person: `handle` makes their LinkedIn URL. */
const resumeForm = (email: string, lastName: string, handle: string, phone = '(512) 555-0147') => ({
  firstName: 'Maya',
  lastName,
  title: 'Family Nurse Practitioner',
  companyName: 'Chaos Clinic',
  specialty: 'Nurse Practitioner',
  email,
  phone,
  city: 'Austin',
  state: 'Texas',
  country: 'United States',
  linkedinUrl: `https://www.linkedin.com/in/${handle}`,
  education: [{ school: 'University of Texas at Austin', degree: 'MSN' }],
  skills: ['Telehealth'],
});

/** A resume submitted, then approvals and rejections of it at once: exactly one decision wins. */
export class ResumeRace extends Step {
  constructor(readonly decisions: ('approve' | 'reject')[]) {
    super();
  }
  check = () => true;
  label = () => `ResumeRace(${this.decisions.join('+')})`;

  async act(model: Model, world: World) {
    const n = model.resumes.length;
    const email = `resume-${model.tag}-${n}@chaos-resumes.test`;
    const lastName = `Resumez${model.tag}x${n}q`;
    const submitted = await world.client.call('resume-submit', 'POST', '/api/v1/resume-submissions', {
      json: resumeForm(email, lastName, `resume-${model.tag}-${n}`),
    });
    expectAnswers(world, 'submitting a resume: 201', [submitted], (e) => e.status === 201);
    if (submitted.status !== 201) return;
    const id = (submitted.body as { id: string }).id;
    const token = world.admin.token;
    const answers = await all(
      this.decisions.map((d) =>
        world.client.call(`resume-${d}`, 'POST', `/api/admin/resume-submissions/${id}/${d}`, { token }),
      ),
    );
    const { known, unknown } = expectAnswers(world, 'deciding a resume: one 200, then 409', answers, (e) =>
      [200, 409].includes(e.status),
    );
    const winners = known.filter((e) => e.status === 200);
    const kinds = new Set(winners.map((e) => e.kind));
    if (kinds.size > 1) fail(world, 'a resume is decided once', answers.map(describeExchange).join('; '));
    if (winners.length === 0 && unknown === 0)
      fail(world, 'a pending resume can be decided', answers.map(describeExchange).join('; '));
    const status =
      kinds.size === 1 && unknown === 0 ? (kinds.has('resume-approve') ? 'approved' : 'rejected') : 'unknown';
    model.resumes.push({ id, email, lastName, status });
  }
}

/** A removal request, then its mailed link confirmed n times at once while a recruiter adds the person to a list. */
export class RemovalRace extends Step {
  constructor(
    readonly candidate: number,
    readonly confirms: number,
    readonly addToList: boolean,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => liveCandidates(model as Model).length > 1;
  label = () =>
    `RemovalRace(candidate ${this.candidate}, ${this.confirms} confirms${this.addToList ? ', list add' : ''})`;

  async act(model: Model, world: World) {
    const candidate = pick(liveCandidates(model), this.candidate)!;
    const mark = await mailMark(world.pool);
    const asked = await world.client.call('removal-request', 'POST', '/api/v1/removal-requests', {
      json: { email: candidate.email },
    });
    const limited = overLimit(world, 'removal:all', RATE_RULES.removalCeiling.limit, attemptsOf([asked]));
    expectAnswers(
      world,
      'asking for removal: 202',
      [asked],
      (e) => e.status === 202 || (limited && e.status === 429),
    );
    if (asked.status !== 202) return;
    // Past the cap on mails to one address the answer is the same 202, and nothing is mailed.
    if (mailsAtLeast(world, `removal:${candidate.email}`, 3, [asked], 202) === 0) return;
    const token = await tokenFromMail(world.pool, candidate.email, 'removal-confirmation', mark);
    if (!token) {
      fail(world, 'a removal request for someone in the directory mails a link', candidate.email);
      return;
    }
    const list = liveLists(model)[0];
    const answers = await all([
      ...Array.from({ length: this.confirms }, () =>
        world.client.call('removal-confirm', 'POST', '/api/v1/removal-requests/confirm', { json: { token } }),
      ),
      ...(this.addToList && list
        ? [
            world.client.call('list-add', 'POST', `/api/v1/lists/${list.id}/members`, {
              token: list.owner.token,
              json: { candidateIds: [candidate.id] },
            }),
          ]
        : []),
    ]);
    const confirms = answers.slice(0, this.confirms);
    const { known } = expectAnswers(world, 'confirming a removal: 200 once, then 409', confirms, (e) =>
      [200, 409].includes(e.status),
    );
    expectAnswers(
      world,
      'adding someone being removed: 200',
      answers.slice(this.confirms),
      (e) => e.status === 200,
    );
    if (count(known, 200) > 1)
      fail(world, 'a removal link works once', confirms.map(describeExchange).join('; '));
    if (known.length === confirms.length && count(known, 200) === 0)
      fail(world, 'a removal link works', confirms.map(describeExchange).join('; '));
    // Every confirmation answered, so every erasure it ran is over: nothing of the person is left in
    // the outbox (the link mailed to them) or in their stored events (ADR 0044).
    if (known.length === confirms.length && count(known, 200) === 1) await leftBehind(world, candidate);
    // Erased either way once the link was used: the erasure finishes on any later presentation.
    candidate.erased = true;
    model.erasedCandidates.add(candidate.id);
    for (const s of [candidate.email, candidate.lastName]) model.erasedStrings.add(s);
    for (const l of model.lists) {
      l.sure.delete(candidate.id);
      l.maybe.delete(candidate.id);
    }
    const profile = await world.client.call(
      'candidate-profile',
      'GET',
      `/api/v1/candidates/${candidate.id}`,
      {
        token: model.recruiters[0]!.token,
        idempotent: false,
      },
    );
    expectAnswers(world, 'an erased candidate has no profile: 404', [profile], (e) => e.status === 404);
    // The suppression list knows her mailbox, not its spelling (issue 32): under another case and a
    // +tag, with a phone of no one's, she is still refused. Only once a confirmation was answered:
    // one cut off by a kill may not have put her on the list yet.
    if (count(known, 200) === 0) return;
    const [local, domain] = candidate.email.split('@');
    const returning = await world.client.call('resume-submit', 'POST', '/api/v1/resume-submissions', {
      json: resumeForm(
        `${local!.toUpperCase()}+again@${domain}`,
        candidate.lastName,
        `returning-${candidate.id}`,
        `(737) 555-${String(1000 + (model.erasedCandidates.size % 9000))}`,
      ),
    });
    expectAnswers(world, 'a removed person under a +tag spelling: 422', [returning], (e) => e.status === 422);
  }
}

/** A removed person's values still in the outbox or in their candidate stream's stored rows. */
async function leftBehind(world: World, candidate: { id: string; email: string; lastName: string }) {
  const { rows } = await world.pool.query<{ place: string }>(
    `select 'outbox' as place from mail_outbox where lower(recipient) = lower($1)
     union all
     select 'event ' || type from eventstore.events
     where stream_id = $2 and (position(lower($1) in lower(data::text)) > 0 or position(lower($3) in lower(data::text)) > 0)`,
    [candidate.email, `candidate-${candidate.id}`, candidate.lastName],
  );
  if (rows.length > 0)
    fail(
      world,
      'a confirmed removal leaves nothing of the person',
      `${candidate.email}: ${rows.map((r) => r.place).join(', ')}`,
    );
}
