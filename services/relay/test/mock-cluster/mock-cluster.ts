import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

const SOURCE = path.join(import.meta.dirname, 'mock-cluster.c');

export type MockCluster = {
  /** `127.0.0.1:<port>` of each broker, ids 1…n in order. */
  readonly brokers: string[];
  /** Closes the broker's connections and refuses new ones, as a broker outage does. */
  down(broker?: number): Promise<void>;
  up(broker?: number): Promise<void>;
  stop(): Promise<void>;
};

export type MockClusterOptions = {
  brokers?: number;
  /** Topic name → partitions. */
  topics?: Record<string, number>;
};

/**
 * Starts librdkafka's mock Kafka cluster (Debian package librdkafka-dev) in a child process on
 * loopback ports. The launcher is compiled on first use into the temp directory, keyed by the hash
 * of its source, so later test files and runs reuse it.
 */
export async function startMockCluster({
  brokers = 1,
  topics = { 'healthtal.events.v1': 1 },
}: MockClusterOptions = {}): Promise<MockCluster> {
  const binary = await buildLauncher();
  const specs = Object.entries(topics).map(([topic, partitions]) => `${topic}:${partitions}`);
  const child = spawn(binary, [String(brokers), ...specs], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await Promise.race([
    lines.next(),
    new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`mock cluster exited with ${code}: ${stderr}`))),
    ),
  ]);
  const bootstrap = String(first.value ?? '');
  if (!bootstrap.startsWith('bootstrap ')) throw new Error(`mock cluster said "${bootstrap}" ${stderr}`);

  const command = async (line: string) => {
    child.stdin.write(`${line}\n`);
    const answer = String((await lines.next()).value);
    if (answer !== 'ok') throw new Error(`mock cluster refused "${line}": ${answer}`);
  };
  return {
    brokers: bootstrap.slice('bootstrap '.length).split(','),
    down: (broker = 1) => command(`down ${broker}`),
    up: (broker = 1) => command(`up ${broker}`),
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

async function buildLauncher(): Promise<string> {
  const hash = createHash('sha256')
    .update(await readFile(SOURCE))
    .digest('hex')
    .slice(0, 12);
  const dir = path.join(tmpdir(), 'healthtal-mock-cluster');
  const binary = path.join(dir, `mock-cluster-${hash}`);
  if (existsSync(binary)) return binary;
  await mkdir(dir, { recursive: true });
  // Built under a name of its own, then renamed: test files starting together may both build it.
  const partial = `${binary}.${process.pid}`;
  try {
    await promisify(execFile)(process.env.CC ?? 'cc', ['-O2', '-o', partial, SOURCE, '-lrdkafka']);
  } catch (error) {
    throw new Error(
      `Could not build the Kafka mock cluster (needs a C compiler and librdkafka-dev): ${(error as Error).message}`,
    );
  }
  await rename(partial, binary);
  return binary;
}
