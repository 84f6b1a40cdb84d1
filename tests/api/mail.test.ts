// Mail as it really leaves the server: an .eml file in DATA_DIR/outbox/ when SMTP_URL is not set,
// and a real SMTP conversation with a local server when it is.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '#server/db/schema.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { startSmtpSink, type ReceivedMail } from '../smtp-sink.ts';
import { closedPort } from './support/closed-port.ts';
import { buildTestApp, readJson, recordingLogger, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

const message = {
  first_name: 'Adaeze',
  last_name: 'Okafor',
  email: 'adaeze@example.com',
  phone_number: '0803 123 4567',
  message: 'When does the next Adire dyeing class start?',
};

/** The headers of a raw message, unfolded, as 'Name: value' lines. */
const headerLines = (raw: string) =>
  raw
    .split(/\r\n\r\n/)[0]!
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n');

function expectStaffMail(raw: string, subject: string) {
  const headers = headerLines(raw);
  expect(headers).toContain('From: Adire Fashion Academy <no-reply@adireacademy.ng>');
  expect(headers).toContain('To: staff@adire.test');
  expect(headers).toContain('Reply-To: Adaeze Okafor <adaeze@example.com>');
  expect(headers).toContain(`Subject: ${subject}`);
  expect(raw).toMatch(/Content-Type: multipart\/alternative/);
  expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
  expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
  expect(raw).toContain('When does the next Adire dyeing class start?');
  expect(raw).toContain('Phone: 08031234567');
}

describe('without SMTP_URL: the outbox', () => {
  async function outboxApp(env: Record<string, string> = {}) {
    const outboxDir = join(await mkdtemp(join(tmpdir(), 'afa-data-')), 'outbox');
    const log = recordingLogger();
    const fullEnv = { STAFF_EMAIL: 'staff@adire.test', ...env };
    const mailer = createMailer({ mailFrom: env.MAIL_FROM ?? 'Adire Fashion Academy <no-reply@adireacademy.ng>', outboxDir, log });
    return { ...buildTestApp(t.db, { env: fullEnv, mailer }), outboxDir, mailLog: log };
  }

  it('writes each mail as one .eml file and says so in one log line', async () => {
    const { app, outboxDir, mailLog } = await outboxApp();
    expect((await send(app, 'user/contact', message)).status).toBe(201);
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expectStaffMail(await readFile(join(outboxDir, files[0]!), 'utf8'), 'New contact message from Adaeze Okafor');
    expect(mailLog.lines).toEqual([`[mail] SMTP_URL is not set: contact mail written to ${join(outboxDir, files[0]!)}`]);
  });

  it('lets no header be injected through a name', async () => {
    const { app, outboxDir } = await outboxApp();
    await send(app, 'user/courses/request-tutor', {
      ...message,
      first_name: 'Ada\r\nBcc: victim@example.com\r\n',
      last_name: 'Obi\nX-Spam: yes',
    });
    const [file] = await readdir(outboxDir);
    const headers = headerLines(await readFile(join(outboxDir, file!), 'utf8'));
    expect(headers.filter((line) => /^(Bcc|X-Spam):/i.test(line))).toEqual([]);
    expect(headers).toContain('Subject: New tutor request from Ada Bcc: victim@example.com Obi X-Spam: yes');
  });

  it("puts the college's name in the sender even when MAIL_FROM is a bare address", async () => {
    const { app, outboxDir } = await outboxApp({ MAIL_FROM: 'hello@adire.test' });
    await send(app, 'user/contact', message);
    const [file] = await readdir(outboxDir);
    expect(headerLines(await readFile(join(outboxDir, file!), 'utf8'))).toContain('From: Adire Fashion Academy <hello@adire.test>');
  });
});

describe('with SMTP_URL: a real SMTP round trip', () => {
  it('delivers the staff mail to the SMTP server', async () => {
    const received: ReceivedMail[] = [];
    const sink = await startSmtpSink((mail) => received.push(mail));
    const log = recordingLogger();
    const mailer = createMailer({
      smtpUrl: sink.url,
      mailFrom: 'Adire Fashion Academy <no-reply@adireacademy.ng>',
      outboxDir: '/nonexistent',
      log,
    });
    try {
      const { app } = buildTestApp(t.db, { env: { STAFF_EMAIL: 'staff@adire.test' }, mailer });
      expect((await send(app, 'user/courses/request-tutor', message)).status).toBe(201);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'no-reply@adireacademy.ng', to: ['staff@adire.test'] });
      expectStaffMail(received[0]!.raw.toString('utf8'), 'New tutor request from Adaeze Okafor');
      expect(log.lines).toEqual([]);
    } finally {
      mailer.close();
      await sink.close();
    }
  });

  it('answers 503 and stores nothing when the SMTP server cannot be reached', async () => {
    const log = recordingLogger();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      mailFrom: 'Adire Fashion Academy <no-reply@adireacademy.ng>',
      outboxDir: '/nonexistent',
      log,
    });
    const { app, log: apiLog } = buildTestApp(t.db, { env: { STAFF_EMAIL: 'staff@adire.test' }, mailer });
    const response = await send(app, 'user/contact', message);
    expect(response.status).toBe(503);
    expect(await readJson(response)).toEqual({ message: 'We could not send your message right now, please try again in a few minutes.' });
    expect(await t.db.select().from(contactMessages)).toEqual([]);
    expect(apiLog.lines).toHaveLength(1);
    expect(apiLog.lines[0]).toContain(
      `[api] request ${response.headers.get('x-request-id')} POST /api/v1/user/contact: mail is unavailable`,
    );
  });
});
