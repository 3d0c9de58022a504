/**
 * The concurrency bench's load client, run as its own process so that it does not share the
 * product's event loop: `clients` closed-loop clients (each sends a search, waits for the whole
 * answer, sends the next) over keep-alive connections, cycling through the query bodies. After
 * `--warmup` seconds it records for `--seconds`, then prints a `LoadReport` as JSON on stdout.
 *
 *   tsx search-load-client.ts --url http://127.0.0.1:PORT --clients 32 --seconds 15 --warmup 2 \
 *     --queries bodies.json [--think-ms 100]   (the access token in HEALTHTAL_BENCH_TOKEN)
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';

export type LoadReport = {
  clients: number;
  /** From the end of the warm-up until the last recorded answer. */
  ms: number;
  /** Latency of each 200 answer sent after the warm-up, request written to last byte read, in ms. */
  latencies: number[];
  /** Answers other than 200 (and failed requests, as status 0), by status. */
  errors: Record<string, number>;
  firstError: string | null;
};

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    clients: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string', default: '2' },
    queries: { type: 'string' },
    'think-ms': { type: 'string', default: '0' },
  },
});
const clients = Number(values.clients);
const thinkMs = Number(values['think-ms']);
const target = new URL('/api/v1/search', values.url);
const bodies = (JSON.parse(readFileSync(values.queries!, 'utf8')) as unknown[]).map((body) =>
  Buffer.from(JSON.stringify(body)),
);
const headers = {
  'content-type': 'application/json',
  authorization: `Bearer ${process.env.HEALTHTAL_BENCH_TOKEN}`,
};
// One connection per client, kept open between its requests.
const agent = new http.Agent({ keepAlive: true, maxSockets: clients, maxFreeSockets: clients });

type Answer = { status: number; text?: string };

function search(body: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.request(
      target,
      { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } },
      (response) => {
        const status = response.statusCode ?? 0;
        let text = '';
        if (status === 200) response.resume();
        else response.on('data', (chunk) => (text = (text + chunk).slice(0, 300)));
        response.on('end', () => resolve({ status, text }));
        response.on('error', (error) => resolve({ status: 0, text: error.message }));
      },
    );
    request.on('error', (error) => resolve({ status: 0, text: error.message }));
    request.end(body);
  });
}

const latencies: number[] = [];
const errors: Record<string, number> = {};
let firstError: string | null = null;
let next = 0;
const measureFrom = performance.now() + Number(values.warmup) * 1000;
const until = measureFrom + Number(values.seconds) * 1000;

async function client() {
  while (performance.now() < until) {
    const body = bodies[next++ % bodies.length]!;
    const sent = performance.now();
    const answer = await search(body);
    // Requests sent during the warm-up are not recorded, even when they end after it.
    if (sent < measureFrom) continue;
    if (answer.status === 200) latencies.push(Math.round((performance.now() - sent) * 100) / 100);
    else {
      errors[answer.status] = (errors[answer.status] ?? 0) + 1;
      firstError ??= `${answer.status} ${answer.text}`;
    }
    if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs));
  }
}

await Promise.all(Array.from({ length: clients }, client));
const report: LoadReport = { clients, ms: performance.now() - measureFrom, latencies, errors, firstError };
agent.destroy();
process.stdout.write(JSON.stringify(report));
