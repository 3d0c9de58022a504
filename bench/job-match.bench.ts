/**
 * "Paste the job, get the shortlist" (issue 35), measured: the 20 written postings of
 * test/fixtures/job-postings.json read by the built-in reader (no AI key) and, when OPENAI_API_KEY
 * is set, by the configured model; per field, precision and recall against the filters a recruiter
 * would set; and the 6 postings of job-postings-unseen.json, written after the reader, untargeted. Targets: precision ≥ 0.9 on specialty, credential and state without an AI key (the
 * vitest job-match-precision.test.ts holds the same bars in CI).
 *
 *   npm run bench:job-match [-- --misses]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  jobPostingFixtures,
  OpenAiPostingReader,
  type PostingReader,
  PRECISION_TARGETS,
  RulesPostingReader,
  scoreProposals,
} from '@healthtal/api';
import { loadConfig } from '@healthtal/cli';
import { pino } from 'pino';
import { detail, figure, heading, num, printLoadAverage, Targets } from './lib/report';

const { values } = parseArgs({ options: { misses: { type: 'boolean', default: false } } });
const fixtures = (file: string) =>
  jobPostingFixtures(JSON.parse(readFileSync(new URL(`../test/fixtures/${file}`, import.meta.url), 'utf8')));
const postings = fixtures('job-postings.json');
/** Written after the built-in reader and never used to tune it: a check on how far the 20's figures carry. */
const unseen = fixtures('job-postings-unseen.json');
const targets = new Targets();

async function measure(reader: PostingReader, label: string, held: boolean, set = postings) {
  heading(`${label}: ${set.length} postings`);
  const started = performance.now();
  const cases = [];
  for (const posting of set)
    cases.push({
      id: posting.id,
      expected: posting.expected,
      proposal: (await reader.read(posting.text)).proposal,
    });
  const elapsed = performance.now() - started;
  const { fields, misses } = scoreProposals(cases);
  for (const f of fields) {
    const target = (PRECISION_TARGETS as Partial<Record<string, number>>)[f.field];
    const note =
      held && target !== undefined
        ? targets.check(
            `${label} ${f.field} precision`,
            f.precision >= target,
            num(f.precision, 2),
            `≥ ${target}`,
          )
        : '';
    figure(
      `${f.field} precision · recall`,
      `${num(f.precision, 2)} · ${num(f.recall, 2)}`,
      `${f.correct}/${f.proposed} proposed right, ${f.correct}/${f.expected} expected found${note ? `   ${note}` : ''}`,
    );
  }
  figure('time per posting', `${num(elapsed / set.length, 1)} ms`);
  if (values.misses)
    for (const m of misses)
      detail(`${m.id} ${m.field}: wrong [${m.wrong.join(', ')}] missed [${m.missed.join(', ')}]`);
}

await measure(new RulesPostingReader(), 'built-in reader (no AI key)', true);
await measure(new RulesPostingReader(), 'built-in reader, unseen postings', false, unseen);
const config = loadConfig();
if (config.OPENAI_API_KEY)
  await measure(
    new OpenAiPostingReader(
      {
        apiKey: config.OPENAI_API_KEY,
        model: config.OPENAI_MODEL ?? 'gpt-4o-mini',
        timeoutMs: config.OPENAI_TIMEOUT_MS,
        ...(config.OPENAI_BASE_URL ? { baseUrl: config.OPENAI_BASE_URL } : {}),
      },
      pino({ level: 'warn' }),
    ),
    `model ${config.OPENAI_MODEL ?? 'gpt-4o-mini'}`,
    false,
  );
else console.log('\n  OPENAI_API_KEY is not set: the model is not measured.');
targets.print();
printLoadAverage();
