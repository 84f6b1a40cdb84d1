import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, rootCauseMessage } from './availability.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a server that cannot be reached or is going away, however deeply wrapped', () => {
    const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('sorry, too many clients already', '53300'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('PGlite is closed') }))).toBe(true);
  });

  it('leaves real bugs to be 500s', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('relation "x" does not exist', '42P01'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('rootCauseMessage', () => {
  it('names the innermost cause, not the failed query and its parameters', () => {
    const error = new Error('Failed query: insert ... params: ada@example.com', {
      cause: new Error('connect ECONNREFUSED 127.0.0.1:5432'),
    });
    expect(rootCauseMessage(error)).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });
});
