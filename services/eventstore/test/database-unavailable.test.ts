import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../src/postgres/database-unavailable';

const withCode = (code: string, message = 'database error') => Object.assign(new Error(message), { code });

// The API answers these with 503 + Retry-After, and projectors retry them (issue 32, finding 13).
describe('a database that cannot be reached right now', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET')],
    ['a lost connection (08006)', withCode('08006')],
    [
      'an administrator shutdown (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['too many connections (53300)', withCode('53300')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a client whose connection ended', new Error('Client was closed and is not queryable')],
    ['a dual-stack connect refused twice', new AggregateError([withCode('ECONNREFUSED')], 'connect failed')],
    ['a wrapped cause', new Error('append failed', { cause: withCode('57P01') })],
  ])('is %s', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', withCode('23505')],
    ['a serialization failure (a conflict, not an outage)', withCode('40001')],
    ['a statement timeout', withCode('57014')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'nope'],
  ])('is not %s', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
