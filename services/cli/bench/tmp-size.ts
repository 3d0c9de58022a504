import { randomBytes } from 'node:crypto';
import { CANDIDATE_PERSONAL_FIELDS, eventDefinitions } from '@healthtal/contracts';
import { sealFields, unsealFields } from '@healthtal/eventstore';
import { packData } from '../../eventstore/src/stored-data';
import { syntheticCandidate } from '../src/directory/synthetic';

const stored = eventDefinitions.CandidateImported!.storedFields!;
const key = randomBytes(32);
const rows = Array.from({ length: 20000 }, (_, i) => ({ ...syntheticCandidate(1, i), emailHash: 'ab'.repeat(32), phoneHash: 'cd'.repeat(32) }));
const lists = { old: CANDIDATE_PERSONAL_FIELDS.slice(0, 8), now: CANDIDATE_PERSONAL_FIELDS };
for (let round = 0; round < 4; round++)
  for (const [name, fields] of Object.entries(lists)) {
    let bytes = 0;
    const sealedAll: Record<string, unknown>[] = [];
    let t = performance.now();
    for (const row of rows) sealedAll.push(sealFields(key, row, fields));
    const sealMs = performance.now() - t;
    t = performance.now();
    for (const s of sealedAll) unsealFields(key, s, fields);
    const openMs = performance.now() - t;
    for (const s of sealedAll) bytes += Buffer.byteLength(JSON.stringify(packData(s, stored)));
    if (round > 0)
      console.log(`${name} ${fields.length} fields: ${(bytes / rows.length).toFixed(0)} B/event stored, seal ${((sealMs * 1000) / rows.length).toFixed(1)} µs, open ${((openMs * 1000) / rows.length).toFixed(1)} µs`);
  }
