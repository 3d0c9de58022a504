import { describe, expect, it } from 'vitest';
import { classifyFailure, describeFailure, ProjectionNotInstalled } from './failures';

const pgError = (code: string, message = 'database error') => Object.assign(new Error(message), { code });

describe('classifyFailure', () => {
  it.each([
    ['a lost connection (08006)', pgError('08006')],
    ['a serialization failure', pgError('40001')],
    ['a deadlock', pgError('40P01')],
    ['a lock timeout', pgError('55P03')],
    ['too many connections (53300)', pgError('53300')],
    ['an administrator shutdown', pgError('57P01')],
    ['a database starting up', pgError('57P03')],
    ['a reset socket', pgError('ECONNRESET', 'read ECONNRESET')],
    ['a refused connection', pgError('ECONNREFUSED')],
    ['a timed-out socket', pgError('ETIMEDOUT')],
    ['a broken pipe', pgError('EPIPE')],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a dual-stack connect refused twice', new AggregateError([pgError('ECONNREFUSED')], 'connect failed')],
    ['a wrapped cause', new Error('batch failed', { cause: pgError('40P01') })],
    ['a read model being installed', new ProjectionNotInstalled('users')],
  ])('retries %s', (_what, error) => expect(classifyFailure(error)).toBe('transient'));

  it.each([
    ['a check constraint', pgError('23514')],
    ['a unique violation', pgError('23505')],
    ['bad input for a column', pgError('22P02')],
    ['a missing column (a bug)', pgError('42703')],
    ['a query cancelled by a statement timeout', pgError('57014')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something thrown that is not an error', 'nope'],
  ])('treats %s as deterministic', (_what, error) => expect(classifyFailure(error)).toBe('deterministic'));
});

describe('describeFailure', () => {
  it('keeps the SQLSTATE, the message and the detail, bounded', () => {
    const error = Object.assign(new Error('new row violates check constraint'), {
      code: '23514',
      detail: 'Failing row contains (x).',
    });
    expect(describeFailure(error)).toBe(
      '[23514] new row violates check constraint (Failing row contains (x).)',
    );
    expect(describeFailure(new Error('x'.repeat(5000)))).toHaveLength(2000);
  });
});
