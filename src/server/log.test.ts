import { describe, expect, it } from 'vitest';
import { describeError, formatLogLine } from './log.ts';

const withFields = (error: Error, fields: Record<string, unknown>) => Object.assign(error, fields);

describe('describeError', () => {
  it('names a failed query by its text and SQLSTATE, never by its parameters or message', () => {
    const cause = withFields(new Error('duplicate key value violates unique constraint "u" Key (email)=(ada@example.com)'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    const failed = withFields(new Error('Failed query: insert into "t" ("email") values ($1)\nparams: ada@example.com', { cause }), {
      name: 'DrizzleQueryError',
      query: 'insert into "t" ("email")\n values ($1)',
      params: ['ada@example.com'],
    });
    expect(describeError(failed)).toBe('DrizzleQueryError: query "insert into "t" ("email") values ($1)" <- Error SQLSTATE 23505');
  });

  it('keeps the message of errors written by code, and of network errors', () => {
    expect(describeError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      "TypeError: Cannot read properties of undefined (reading 'id')",
    );
    const refused = withFields(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(describeError(new AggregateError([refused], 'x'))).toBe(
      'AggregateError: x <- Error ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('drops messages that quote their input, and thrown values that are not errors', () => {
    let parseError: unknown;
    try {
      JSON.parse('"ada@example.com" x');
    } catch (error) {
      parseError = error;
    }
    expect(describeError(parseError)).toBe('SyntaxError');
    expect(describeError('ada@example.com')).toBe('a thrown string');
    expect(describeError(new Error('wrapped', { cause: { email: 'ada@example.com' } }))).toBe('Error: wrapped <- a thrown object');
  });
});

describe('describeError for mail', () => {
  it('gives an SMTP error by its code and reply code only: never the recipient its message quotes', () => {
    const rejected = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <ada.obi@example.com>: Recipient address rejected"),
      { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' },
    );
    const line = describeError(new Error('Sending a receipt through SMTP failed', { cause: rejected }));
    expect(line).toContain('SMTP EENVELOPE 550');
    expect(line).not.toContain('ada.obi@example.com');
  });

  it('labels an SMTP EAUTH as SMTP, not as a SQLSTATE', () => {
    const auth = Object.assign(new Error('Invalid login: 535 Authentication failed for ada@example.com'), {
      code: 'EAUTH',
      responseCode: 535,
      command: 'AUTH PLAIN',
    });
    expect(describeError(auth)).toBe('Error SMTP EAUTH 535');
    expect(describeError(Object.assign(new Error('x'), { code: 'EAUTH' }))).not.toContain('SQLSTATE');
  });
});

describe('formatLogLine', () => {
  it('adds our own stack frames, not the message lines of the stack', () => {
    const error = withFields(new Error('Failed query\nparams: ada@example.com'), { params: [] });
    const line = formatLogLine('[api] request 1 failed', error);
    expect(line).toMatch(/^\[api\] request 1 failed: Error \| at .*log\.test\.ts/);
    expect(line).not.toContain('ada@example.com');
    expect(line).not.toContain('\n');
    expect(formatLogLine('plain')).toBe('plain');
  });
});
