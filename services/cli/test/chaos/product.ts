import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../src/embedded-postgres';
import { REPO_ROOT } from '../../src/start';

const MAIN = path.join(REPO_ROOT, 'services/cli/src/main.ts');
const START_TIMEOUT_MS = 90_000;
/** Enough of the product's output to explain a failure, not the whole run's. */
const KEPT_OUTPUT = 200_000;

export const CHAOS_ADMIN_EMAIL = 'admin@chaos.test';
export const CHAOS_DEMO_EMAIL = 'demo@chaos.test';

/**
 * The product as `npm start` runs it (`healthtal start` in a process of its own) on a given
 * database, on one loopback port that survives restarts: links in mails and clients keep working.
 */
export class ProductProcess {
  private child: ChildProcess | null = null;
  private output = '';
  private up: Promise<void> = Promise.resolve();
  private down = false;
  kills = 0;
  starts = 0;

  private constructor(
    readonly databaseUrl: string,
    readonly port: number,
    /** The inbound SMTP endpoint's port (replies and bounces), kept across restarts too. */
    readonly inboundPort: number,
    /** Settings over the ones below (a fault test's bounds). */
    private readonly settings: Record<string, string>,
    /** What node runs: `main.ts start`, or a script that starts the product its own way (support/start-at.ts). */
    private readonly entry: readonly string[],
  ) {}

  static async start(
    databaseUrl: string,
    settings: Record<string, string> = {},
    entry: readonly string[] = [MAIN, 'start'],
  ): Promise<ProductProcess> {
    const product = new ProductProcess(databaseUrl, await freePort(), await freePort(), settings, entry);
    await product.restart();
    return product;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Resolves once the product answers again (at once while it runs); bounded by the start timeout. */
  async ready(): Promise<void> {
    for (let waited = 0; this.down && waited < START_TIMEOUT_MS; waited += 50) await sleep(50);
    await this.up;
  }

  recentOutput(): string {
    return this.output;
  }

  restart(): Promise<void> {
    this.up = this.spawn();
    this.down = false;
    return this.up;
  }

  private spawn(): Promise<void> {
    this.starts++;
    const child = spawn(process.execPath, ['--import', 'tsx', ...this.entry], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        ADMIN_EMAILS: CHAOS_ADMIN_EMAIL,
        DEMO_ACCOUNT_EMAIL: CHAOS_DEMO_EMAIL,
        SEED_SIZE: '0',
        DATABASE_POOL_SIZE: '12',
        LOG_LEVEL: 'warn',
        // Nothing of the environment this runs in may switch an external part on.
        STRIPE_SECRET_KEY: '',
        OPENAI_API_KEY: '',
        SMTP_URL: '',
        SMTP_HOST: '',
        TRANSPORT: 'direct',
        EVENT_STORE: 'postgres',
        WORKERS: 'all',
        // The client gives each caller its own X-Forwarded-For, and premium users pay in the simulator.
        TRUST_PROXY: 'loopback',
        BILLING_SIMULATOR: 'on',
        INBOUND_SMTP_PORT: String(this.inboundPort),
        ...this.settings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let thisStart = '';
    const keep = (chunk: Buffer) => {
      thisStart = (thisStart + String(chunk)).slice(-KEPT_OUTPUT);
      this.output = (this.output + String(chunk)).slice(-KEPT_OUTPUT);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`product did not start:\n${thisStart}`)),
        START_TIMEOUT_MS,
      );
      const onData = () => {
        if (!/running at http/.test(thisStart)) return;
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve();
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`product exited (${code ?? signal}) before it answered:\n${thisStart}`));
      });
    });
  }

  private crashes: Promise<void> = Promise.resolve();

  /** SIGKILL, as a crash or an OOM kill would: nothing gets to finish. Then starts it again. One at a time. */
  crashAndRestart(): Promise<void> {
    this.crashes = this.crashes.then(async () => {
      await this.kill('SIGKILL');
      this.kills++;
      await this.restart();
    });
    return this.crashes;
  }

  /** Stops the process and waits for it to be gone. */
  async kill(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Marks the product as down before the signal, so clients wait for the next start.
    this.down = true;
    child.kill(signal);
    await gone;
  }

  async stop(): Promise<void> {
    await this.kill('SIGTERM');
    this.down = false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
