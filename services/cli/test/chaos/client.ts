import { randomUUID } from 'node:crypto';
import type { ProductProcess } from './product';

/** One HTTP exchange as the checks see it. `status` 0: no answer (the product was killed mid-request). */
export type Exchange = {
  kind: string;
  method: string;
  path: string;
  requestId: string;
  status: number;
  body: unknown;
  /** Sent again after a crash with the same Idempotency-Key and request id. */
  retries: number;
  /** 503s with Retry-After met on the way (the database was away), each followed by a retry. */
  unavailable: number;
  title?: string;
};

export type CallOptions = {
  token?: string;
  json?: unknown;
  /** Carries an Idempotency-Key, so a retry after a crash is the same command. Default: true. */
  idempotent?: boolean;
  headers?: Record<string, string>;
};

/** Attempts after a crash before the outcome is left unknown. */
const MAX_RETRIES = 4;
const REQUEST_TIMEOUT_MS = 60_000;
/**
 * A 503 with Retry-After (the database is away) is sent again this often, sooner than the header
 * asks (a client may), for at most this long: longer than any outage a run makes.
 */
const UNAVAILABLE_RETRY_MS = 250;
const UNAVAILABLE_BOUND_MS = 60_000;

const SAFE = new Set(['GET', 'HEAD']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let ipCounter = 0;
/** A fresh client address per request (trust proxy is loopback): per-IP limits do not pool chaos users. */
const nextIp = () => {
  const n = ipCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/**
 * Real HTTP to the product. Every request carries a request id, which the product writes into its
 * events' correlationId, so the checks can find what a 2xx answer appended. A request the product
 * did not answer because it was killed is sent again once it is back, with the same key and id.
 */
export class ChaosClient {
  readonly exchanges: Exchange[] = [];

  constructor(private readonly product: ProductProcess) {}

  async call(kind: string, method: string, path: string, options: CallOptions = {}): Promise<Exchange> {
    const requestId = `chaos-${randomUUID()}`;
    const key = options.idempotent === false ? null : randomUUID();
    const headers: Record<string, string> = {
      'x-request-id': requestId,
      'x-forwarded-for': nextIp(),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
      ...options.headers,
    };
    const exchange: Exchange = {
      kind,
      method,
      path,
      requestId,
      status: 0,
      body: null,
      retries: 0,
      unavailable: 0,
    };
    const unavailableUntil = Date.now() + UNAVAILABLE_BOUND_MS;
    for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
      await this.product.ready();
      try {
        const response = await fetch(`${this.product.url}${path}`, {
          method,
          headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
        });
        const type = response.headers.get('content-type') ?? '';
        const text = await response.text();
        exchange.status = response.status;
        exchange.body = type.includes('json') && text ? JSON.parse(text) : text;
        const title = (exchange.body as { title?: unknown } | null)?.title;
        if (typeof title === 'string') exchange.title = title;
        if (response.status === 503 && response.headers.has('retry-after') && Date.now() < unavailableUntil) {
          // The database is away: the command may or may not have been stored, so only the same
          // command (its key) or a read may be sent again; anything else is left without an answer.
          exchange.unavailable++;
          exchange.status = 0;
          if (!key && !SAFE.has(method)) break;
          // Counted as a retry (rate limits, a stuck key): it reaches the product again.
          exchange.retries++;
          attempt--;
          await sleep(UNAVAILABLE_RETRY_MS);
          continue;
        }
        break;
      } catch {
        // Killed mid-request (or not yet back): the same command again, unless it may not be repeated.
        exchange.status = 0;
        if (!key) break;
        exchange.retries++;
      }
    }
    this.exchanges.push(exchange);
    return exchange;
  }
}
