import { randomUUID } from 'node:crypto';
import { DELIVERY_REPORT_SOURCE, SequenceDefaults } from '@healthtal/contracts';
import { postfixBounce, sendToInbound } from '@healthtal/testkit/inbound-mail';
import { describeExchange } from '../invariants';
import { liveCandidates, type Model, pick, subset } from '../model';
import { count, expectAnswers, fail, type World } from '../world';
import { all, Step } from './step';

/**
 * Outreach sequences (issue 36): a recruiter reveals some candidates, makes a sequence, then at once
 * enrols overlapping selections several times, pauses and resumes it and removes a recipient. Every
 * enrol is a 200 and each candidate is enrolled once in all; afterwards no clinician's contact record
 * holds more sequence emails in 7 days than the cap, whichever process or retry sent them.
 */
export class SequenceBurst extends Step {
  constructor(
    readonly recruiter: number,
    readonly masks: number[],
    readonly toggles: number,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => model.recruiters.length > 0 && model.candidates.length > 0;
  label = () =>
    `SequenceBurst(recruiter ${this.recruiter}, ${this.masks.length} enrols, ${this.toggles} pauses)`;

  async act(model: Model, world: World) {
    const owner = pick(model.recruiters, this.recruiter)!;
    const selections = this.masks.map((mask) => subset(model, mask));
    const chosen = [...new Set(selections.flat())];
    const id = await revealAndMakeSequence(world, owner.token, chosen, `Chaos ${model.tag}`);
    if (!id) return;
    const enrols = await all([
      ...selections.map((candidateIds) =>
        world.client.call('sequence-enrol', 'POST', `/api/v1/sequences/${id}/enrolments`, {
          token: owner.token,
          json: { candidateIds },
        }),
      ),
      ...Array.from({ length: this.toggles }, (_, i) =>
        world.client.call('sequence-pause', 'POST', `/api/v1/sequences/${id}/${i % 2 ? 'resume' : 'pause'}`, {
          token: owner.token,
        }),
      ),
      world.client.call('sequence-remove', 'DELETE', `/api/v1/sequences/${id}/enrolments`, {
        token: owner.token,
        json: { candidateIds: [chosen[0]] },
      }),
    ]);
    // An enrol that met the sequence paused is a 409; removing someone not enrolled (yet) is still a 200.
    const { known, unknown } = expectAnswers(world, 'sequence commands: 200 or 409', enrols, (e) =>
      [200, 409].includes(e.status),
    );
    const enrolled = known
      .filter((e) => e.kind === 'sequence-enrol' && e.status === 200)
      .reduce((sum, e) => sum + (e.body as { enrolled: number }).enrolled, 0);
    if (unknown === 0 && count(known, 409) === 0 && enrolled > chosen.length)
      fail(world, 'a candidate is enrolled in a sequence once', enrols.map(describeExchange).join('; '));
    await checkContactCap(world);
  }
}

/**
 * The owner reveals these candidates (a sequence takes only revealed contacts) and makes a two-step
 * sequence; its id, or null when the making's answer was lost to a kill.
 */
async function revealAndMakeSequence(world: World, token: string, candidateIds: string[], name: string) {
  const reveals = await all(
    candidateIds.map((id) =>
      world.client.call('reveal', 'POST', `/api/v1/candidates/${id}/reveal`, { token }),
    ),
  );
  // A candidate erased meanwhile is a 404; a reveal lost to a kill leaves that candidate out.
  expectAnswers(world, 'revealing for a sequence: 200 or 404', reveals, (e) => [200, 404].includes(e.status));
  const made = await world.client.call('sequence-create', 'POST', '/api/v1/sequences', {
    token,
    json: {
      name,
      steps: [
        { subject: 'Hi {{first_name}}', body: 'A role for you.', waitBusinessDays: 0 },
        { subject: 'Following up', body: 'Still open.', waitBusinessDays: 1 },
      ],
    },
  });
  const [created] = expectAnswers(world, 'making a sequence: 201', [made], (e) => e.status === 201).known;
  return created ? (created.body as { id: string }).id : null;
}

/** No clinician's contact stream holds more than the cap of sequence emails in any 7 days. */
async function checkContactCap(world: World) {
  const { rows } = await world.pool.query<{ stream_id: string; n: number }>(
    `select a.stream_id, count(*)::int as n
       from eventstore.events a join eventstore.events b
         on b.stream_id = a.stream_id and b.type = 'ClinicianEmailed'
        and (b.data->>'at')::timestamptz > (a.data->>'at')::timestamptz - interval '7 days'
        and (b.data->>'at')::timestamptz <= (a.data->>'at')::timestamptz
      where a.type = 'ClinicianEmailed'
      group by a.stream_id, a.global_position having count(*) > $1`,
    [SequenceDefaults.contactCapPerWeek],
  );
  for (const row of rows)
    fail(
      world,
      'no clinician gets more sequence emails in 7 days than the cap',
      `${row.stream_id}: ${row.n}`,
    );
}

/**
 * A reply and a bounce arriving while the first step is being sent (issue 36, ADR 0068): a recruiter
 * enrols two candidates, and at once the first one's reply comes in by SMTP `copies` times (a sender's
 * retries, or two MX hosts) and a DSN (5.1.1) for the second, while the scheduler sends step 1. Each
 * inbound message is recorded once, nothing is sent after it but the step already in flight, and the
 * bounce marks the address invalid and credits the reveal once.
 */
export class InboundRace extends Step {
  constructor(
    readonly recruiter: number,
    readonly mask: number,
    readonly copies: number,
  ) {
    super();
  }
  check = (model: Readonly<Model>) => model.recruiters.length > 0 && liveCandidates(model).length >= 2;
  label = () => `InboundRace(recruiter ${this.recruiter}, ${this.copies} copies)`;

  async act(model: Model, world: World) {
    const owner = pick(model.recruiters, this.recruiter)!;
    const live = liveCandidates(model);
    const pair = [pick(live, this.mask)!, pick(live, this.mask + 1)!].map((c) => c.id);
    const sequenceId = await revealAndMakeSequence(world, owner.token, pair, `Inbound ${model.tag}`);
    if (!sequenceId) return;
    const enrol = await world.client.call(
      'sequence-enrol',
      'POST',
      `/api/v1/sequences/${sequenceId}/enrolments`,
      {
        token: owner.token,
        json: { candidateIds: pair },
      },
    );
    const [answered] = expectAnswers(world, 'enrolling: 200', [enrol], (e) => e.status === 200).known;
    // Only those enrolled (a candidate without a usable email is left out).
    const expected = (answered?.body as { enrolled?: number } | undefined)?.enrolled ?? 0;
    const enrolled = await enrolmentsOf(world, sequenceId, pair, expected);
    const [replier, bouncer] = [enrolled.get(pair[0]!), enrolled.get(pair[1]!)];
    const host = new URL(world.product.url).hostname;
    const reply = replier && {
      to: `reply+${replier.enrolmentId}@${host}`,
      inReplyTo: `<seq.${replier.enrolmentId}.0@${host}>`,
      messageId: `<${randomUUID()}@chaos.test>`,
      text: 'Yes, call me.',
    };
    const report =
      bouncer &&
      postfixBounce({
        original: `Message-ID: <seq.${bouncer.enrolmentId}.0@${host}>\r\nSubject: Hi\r\n\r\nA role for you.\r\n`,
        recipient: bouncer.email,
      });
    await all([
      ...(reply ? Array.from({ length: this.copies }, () => deliver(world, reply)) : []),
      ...(report ? [deliver(world, { to: 'outreach@chaos.test', raw: report })] : []),
    ]);
    if (replier) await checkStopped(world, replier.enrolmentId, 'SequenceReplyReceived');
    if (bouncer) {
      await checkStopped(world, bouncer.enrolmentId, 'SequenceEmailBounced');
      await checkCreditedOnce(world, owner.userId, pair[1]!);
    }
  }
}

/** The enrolments of these candidates with the address each is mailed at, once the read model has them. */
async function enrolmentsOf(
  world: World,
  sequenceId: string,
  candidateIds: readonly string[],
  expected: number,
) {
  const found = new Map<string, { enrolmentId: string; email: string }>();
  for (let waited = 0; waited < 30_000; waited += 200) {
    const { rows } = await world.pool.query<{ candidate_id: string; enrolment_id: string; email: string }>(
      `select e.candidate_id, e.enrolment_id, coalesce(k.personal_email, k.work_email) as email
       from sequence_enrolments e join directory_contacts k on k.candidate_id = e.candidate_id
       where e.sequence_id = $1 and e.candidate_id = any($2::uuid[])`,
      [sequenceId, candidateIds],
    );
    for (const row of rows) found.set(row.candidate_id, { enrolmentId: row.enrolment_id, email: row.email });
    if (found.size >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return found;
}

/** Sends until the endpoint answers (a kill may cut a session off; the product comes back on its port). */
async function deliver(world: World, mail: Parameters<typeof sendToInbound>[1]) {
  for (let attempt = 0; attempt < 120; attempt++) {
    await world.product.ready();
    const answer = await sendToInbound(world.product.inboundPort, mail);
    if (answer.accepted) return;
    // 451: could not record it yet (the database away); 0: no connection (the process restarting).
    if (answer.responseCode !== 451 && answer.responseCode !== 0)
      return fail(world, 'inbound mail of ours is accepted', `${answer.responseCode} ${answer.response}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(world, 'inbound mail of ours is accepted', 'no answer in a minute');
}

/**
 * One reply (or bounce) in the enrolment however often it came, and after it nothing sent but the
 * step that was in flight then: no later step, no step twice.
 */
async function checkStopped(world: World, enrolmentId: string, type: string) {
  const events = await world.store.readStream(`enrolment-${enrolmentId}`);
  const at = events.findIndex((e) => e.type === type);
  const inbound = events.filter((e) => e.type === type).length;
  if (inbound !== 1)
    fail(world, `an inbound message is recorded once (${type})`, `${enrolmentId}: ${inbound}`);
  if (at < 0) return;
  const sentBefore = events.slice(0, at).filter((e) => e.type === 'SequenceStepSent').length;
  const sentAfter = events.slice(at).filter((e) => e.type === 'SequenceStepSent') as {
    data: { step: number };
  }[];
  if (sentAfter.length > 1 || sentAfter.some((e) => e.data.step !== sentBefore))
    fail(
      world,
      'nothing is sent after a reply or a bounce but the step in flight',
      `${enrolmentId}: ${JSON.stringify(sentAfter.map((e) => e.data.step))}`,
    );
}

/** The bounce credited the reveal back once, and the address is marked invalid once. */
async function checkCreditedOnce(world: World, userId: string, candidateId: string) {
  const credits = (await world.store.readStream(`reveals-${userId}`)).filter(
    (e) => e.type === 'RevealCredited' && (e.data as { candidateId: string }).candidateId === candidateId,
  ).length;
  const marks = (await world.store.readStream(`candidate-${candidateId}`)).filter(
    (e) => e.type === 'CandidateUpdated' && (e.data as { source: string }).source === DELIVERY_REPORT_SOURCE,
  ).length;
  if (credits !== 1)
    fail(world, 'a bounce credits the reveal back once', `${userId}/${candidateId}: ${credits}`);
  if (marks !== 1) fail(world, 'a bounce marks the address invalid once', `${candidateId}: ${marks}`);
}
