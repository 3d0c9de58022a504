import { context, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type pg from 'pg';

/** Enough of a statement to recognise it; parameter values are never recorded. */
const STATEMENT_LIMIT = 1000;
const TRACED = Symbol('healthtal.tracedQueries');

type QueryArgs = unknown[];
type Query = (...args: QueryArgs) => unknown;

/**
 * A span per query of the pool, as a child of the span that is active when it is called (a
 * request's, its search's): named by the prepared statement's name or the SQL's first word, with the
 * statement (truncated) and never its values. Queries outside any span (projectors, the search
 * index's polling, migrations) are not traced: each would be a trace of one span every second.
 * Clients checked out with `pool.connect()` trace their queries until released; `pool.query` itself
 * checks out with a callback, which is left alone so a query is not traced twice.
 */
export function traceQueries(pool: pg.Pool, tracer: Tracer): void {
  const query = pool.query.bind(pool) as Query;
  pool.query = ((...args: QueryArgs) => traced(tracer, args, query)) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const checkedOut = new WeakSet<object>();
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      traceClient(client, tracer, checkedOut);
      checkedOut.add(client);
      const release = client.release;
      client.release = (error?: Error | boolean) => {
        checkedOut.delete(client);
        return release(error);
      };
      return client;
    });
  }) as typeof pool.connect;
}

function traceClient(client: pg.PoolClient, tracer: Tracer, checkedOut: WeakSet<object>) {
  const marked = client as pg.PoolClient & { [TRACED]?: true };
  if (marked[TRACED]) return;
  marked[TRACED] = true;
  const query = client.query.bind(client) as Query;
  client.query = ((...args: QueryArgs) =>
    checkedOut.has(client) ? traced(tracer, args, query) : query(...args)) as typeof client.query;
}

function traced(tracer: Tracer, args: QueryArgs, query: Query): unknown {
  const [first] = args;
  const statement = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  const submittable = typeof (first as { submit?: unknown } | null)?.submit === 'function';
  if (submittable || typeof statement !== 'string' || !trace.getSpan(context.active())) return query(...args);
  const name = (first as { name?: unknown }).name;
  const span = tracer.startSpan(typeof name === 'string' ? name : firstWord(statement), {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system': 'postgresql', 'db.statement': statement.slice(0, STATEMENT_LIMIT) },
  });
  const done = (error: unknown) => {
    if (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  const last = args.at(-1);
  if (typeof last === 'function') {
    const callback = last as (error: unknown, ...rest: unknown[]) => void;
    return query(...args.slice(0, -1), (error: unknown, ...rest: unknown[]) => {
      done(error);
      callback(error, ...rest);
    });
  }
  return (query(...args) as Promise<unknown>).then(
    (result) => {
      done(null);
      return result;
    },
    (error: unknown) => {
      done(error);
      throw error;
    },
  );
}

const firstWord = (sql: string) =>
  /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? 'query';
