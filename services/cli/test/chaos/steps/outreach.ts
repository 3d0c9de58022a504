import { SequenceDefaults } from '@healthtal/contracts';
import { describeExchange } from '../invariants';
import { type Model, pick, subset } from '../model';
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
    const reveals = await all(
      chosen.map((id) =>
        world.client.call('reveal', 'POST', `/api/v1/candidates/${id}/reveal`, { token: owner.token }),
      ),
    );
    // A candidate erased meanwhile is a 404; a reveal lost to a kill leaves that candidate out.
    expectAnswers(world, 'revealing for a sequence: 200 or 404', reveals, (e) =>
      [200, 404].includes(e.status),
    );
    const made = await world.client.call('sequence-create', 'POST', '/api/v1/sequences', {
      token: owner.token,
      json: {
        name: `Chaos ${model.tag}`,
        steps: [
          { subject: 'Hi {{first_name}}', body: 'A role for you.', waitBusinessDays: 0 },
          { subject: 'Following up', body: 'Still open.', waitBusinessDays: 1 },
        ],
      },
    });
    const [created] = expectAnswers(world, 'making a sequence: 201', [made], (e) => e.status === 201).known;
    if (!created) return;
    const id = (created.body as { id: string }).id;
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
