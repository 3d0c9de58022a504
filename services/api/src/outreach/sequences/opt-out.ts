import type { EventStore } from '@healthtal/eventstore';
import type pg from 'pg';
import { type CommandContext, handleCommand } from '../../shared/command-handler';
import { contactDecider, type OptOut } from './contact.decider';
import { enrolmentDecider } from './enrolment.decider';
import { contactStream, enrolmentStream } from './step-sender';

/**
 * A clinician's global opt-out (ADR 0061): recorded on their contact stream, which refuses every
 * later send from any customer, then every active enrolment of theirs is stopped, whoever owns it,
 * so recruiters see it at once. Once per clinician: a second opt-out adds nothing.
 */
export async function optOutClinician(
  { pool, store }: { pool: pg.Pool; store: EventStore },
  candidateId: string,
  via: OptOut['via'],
  context: CommandContext,
): Promise<void> {
  await handleCommand(
    store,
    contactStream(candidateId),
    contactDecider,
    { type: 'OptOut', candidateId, via },
    context,
  );
  const { rows } = await pool.query<{ enrolment_id: string }>(
    `select enrolment_id from sequence_enrolments where candidate_id = $1 and status = 'active'`,
    [candidateId],
  );
  for (const { enrolment_id: enrolmentId } of rows)
    await handleCommand(
      store,
      enrolmentStream(enrolmentId),
      enrolmentDecider,
      { type: 'StopEnrolment', enrolmentId, reason: 'opted-out' },
      context,
    );
}
