// What the server logs when something fails: enough to find the request, the query and the database's
// error code, and nothing a visitor typed (no name, e-mail, phone or message).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMailer } from '#server/mail/mailer.ts';
import { closedPort } from './support/closed-port.ts';
import { buildTestApp, recordingLogger, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

const visitor = {
  first_name: 'Chiamaka',
  last_name: 'Eze-Uwadiegwu',
  email: 'chiamaka.private@example.com',
  phone_number: '08039876543',
  message: 'Please call me about the evening tailoring class',
};
const personal = [visitor.first_name, visitor.last_name, visitor.email, visitor.phone_number, visitor.message, 'Please call'];

function expectNothingPersonal(output: string[]) {
  for (const line of output) for (const value of personal) expect(line, `the log line "${line}"`).not.toContain(value);
}

describe('personal data in logs', () => {
  it('a failed query logs the request id, SQLSTATE and query text, never its parameters', async () => {
    // A real database error whose own message quotes the row, as a unique or check violation does.
    await t.db.execute(sql`
      create function afa_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused row for % (%)', new.email, new.phone_number using errcode = '23514'; end $$`);
    await t.db.execute(
      sql`create trigger afa_test_refuse before insert on contact_messages for each row execute function afa_test_refuse()`,
    );
    try {
      const { app, log } = buildTestApp(t.db);
      const response = await send(app, 'user/contact', visitor);
      expect(response.status).toBe(500);
      const id = response.headers.get('x-request-id')!;
      expect(log.output).toHaveLength(1);
      const [line] = log.output;
      expect(line).toContain(`[api] request ${id} POST /api/v1/user/contact failed`);
      expect(line).toContain('SQLSTATE 23514');
      expect(line).toMatch(/: DrizzleQueryError: query "insert into "contact_messages" [^"]*"[^"]*".*\$1.*" <- \w+ SQLSTATE 23514 \| at /);
      expectNothingPersonal(log.output);
    } finally {
      await t.db.execute(sql`drop trigger afa_test_refuse on contact_messages`);
      await t.db.execute(sql`drop function afa_test_refuse()`);
    }
  });

  it('mail that cannot be sent is logged by kind and row id, never by subject or sender', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      mailFrom: 'Adire Fashion Academy <no-reply@adireacademy.ng>',
      outboxDir: '/nonexistent',
      log: recordingLogger(),
    });
    const { app, log } = buildTestApp(t.db, { mailer });
    const response = await send(app, 'user/courses/request-tutor', visitor);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(log.output).toHaveLength(1);
    expect(log.output[0]).toMatch(
      new RegExp(
        `^\\[api\\] request ${response.headers.get('x-request-id')} POST /api/v1/user/courses/request-tutor: mail is unavailable: ` +
          'MailUnavailableError: Sending tutor_request mail through SMTP failed; tutor_request message [0-9a-f-]{36} removed <- ',
      ),
    );
    expectNothingPersonal(log.output);
  });

  it('mail written to the outbox is logged by kind, never by subject', async () => {
    const mailLog = recordingLogger();
    const outboxDir = join(await mkdtemp(join(tmpdir(), 'afa-data-')), 'outbox');
    const mailer = createMailer({ mailFrom: 'Adire Fashion Academy <no-reply@adireacademy.ng>', outboxDir, log: mailLog });
    const { app, log } = buildTestApp(t.db, { mailer });
    expect((await send(app, 'user/contact', visitor)).status).toBe(201);
    expect(mailLog.output).toEqual([expect.stringMatching(/^\[mail\] SMTP_URL is not set: contact mail written to .*\.eml$/)]);
    expectNothingPersonal([...mailLog.output, ...log.output]);
  });
});
