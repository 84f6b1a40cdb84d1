// POST user/contact and POST user/courses/request-tutor: stored, mailed to the staff address with
// the sender as reply-to, 201. A mail that cannot go out leaves nothing stored and answers 503.
import { describe, expect, it } from 'vitest';
import { CONTACT_RECEIVED, TUTOR_REQUEST_RECEIVED } from '#features/contact/server/routes.ts';
import { contactMessages } from '#server/db/schema.ts';
import { checkJsonEndpoint } from './support/endpoint-checks.ts';
import { seedContactMessage } from './support/factories.ts';
import { readJson, send, useTestApp } from './support/test-app.ts';

const testApp = useTestApp({ env: { STAFF_EMAIL: 'staff@adire.test' } });

const validMessage = () => ({
  first_name: 'Adaeze',
  last_name: 'Okafor',
  email: 'Adaeze.Okafor@Example.com',
  phone_number: '+234 803 123 4567',
  message: 'Hello, I would like to know when the next pattern drafting class starts.',
});

const contactFields = {
  first_name: {
    missing: 'First name is required',
    wrongType: 'First name is required',
    tooLong: { value: 'A'.repeat(81), message: 'first_name must be at most 80 characters' },
    withNul: 'first_name contains a character that is not allowed',
  },
  last_name: {
    missing: 'Last name is required',
    wrongType: 'Last name is required',
    tooLong: { value: 'B'.repeat(81), message: 'last_name must be at most 80 characters' },
    withNul: 'last_name contains a character that is not allowed',
  },
  email: {
    missing: 'Email is required',
    wrongType: 'Email is required',
    tooLong: { value: `${'a'.repeat(250)}@example.com`, message: 'Email must be valid' },
    withNul: 'Email must be valid',
  },
  phone_number: {
    missing: 'Phone number is required',
    wrongType: 'Phone number is required',
    tooLong: { value: '+234 803 123 4567 89', message: 'Phone number is not valid' },
    withNul: 'Phone number is not valid',
  },
  message: {
    missing: 'Message is required',
    wrongType: 'Message is required',
    tooLong: { value: 'm'.repeat(5001), message: 'message must be at most 5000 characters' },
    withNul: 'message contains a character that is not allowed',
  },
};

const endpoints = [
  { path: 'user/contact', kind: 'contact', answer: CONTACT_RECEIVED, title: 'New contact message' },
  { path: 'user/courses/request-tutor', kind: 'tutor_request', answer: TUTOR_REQUEST_RECEIVED, title: 'New tutor request' },
] as const;

describe.each(endpoints)('POST $path', ({ path, kind, answer, title }) => {
  checkJsonEndpoint({
    path,
    app: () => testApp.app,
    validBody: validMessage,
    successStatus: 201,
    successMessage: answer,
    fields: contactFields,
  });

  it('stores a message seeded through the service as the route stores a posted one', async () => {
    const id = await seedContactMessage(testApp, { first_name: '  Bisi ' }, kind);
    const rows = await testApp.db.select().from(contactMessages);
    expect(rows).toEqual([expect.objectContaining({ id, kind, firstName: 'Bisi', phoneNumber: '08031234567' })]);
    expect(rows[0]?.mailedAt).toBeInstanceOf(Date);
    expect(testApp.mailer.sent).toHaveLength(1);
  });

  it('stores the message in normalised form, marked as mailed', async () => {
    expect((await send(testApp.app, path, validMessage())).status).toBe(201);
    const rows = await testApp.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind,
      firstName: 'Adaeze',
      lastName: 'Okafor',
      email: 'adaeze.okafor@example.com',
      phoneNumber: '08031234567',
      message: validMessage().message,
    });
    expect(rows[0]?.mailedAt).toBeInstanceOf(Date);
  });

  it('mails the staff address, with the sender as reply-to and both a text and an HTML part', async () => {
    await send(testApp.app, path, { ...validMessage(), message: 'Is <b>this</b> escaped?\nSecond line.' });
    expect(testApp.mailer.sent).toHaveLength(1);
    const [mail] = testApp.mailer.sent;
    expect(mail).toMatchObject({
      to: 'staff@adire.test',
      subject: `${title} from Adaeze Okafor`,
      replyTo: { name: 'Adaeze Okafor', address: 'adaeze.okafor@example.com' },
    });
    expect(mail?.text).toContain('Is <b>this</b> escaped?\nSecond line.');
    expect(mail?.text).toContain('Phone: 08031234567');
    expect(mail?.html).toContain('Is &lt;b&gt;this&lt;/b&gt; escaped?<br>Second line.');
    expect(mail?.html).not.toContain('<b>this</b>');
  });

  it('keeps a name with line breaks on one line in the subject and reply-to', async () => {
    await send(testApp.app, path, { ...validMessage(), first_name: 'Ada\r\nBcc: victim@example.com' });
    const [mail] = testApp.mailer.sent;
    expect(mail?.subject).toBe(`${title} from Ada Bcc: victim@example.com Okafor`);
    expect(mail?.replyTo?.name).not.toMatch(/[\r\n]/);
  });

  it('answers 503 and keeps nothing when the mail cannot be sent', async () => {
    testApp.mailer.failing = true;
    const response = await send(testApp.app, path, validMessage());
    expect(response.status).toBe(503);
    expect(await readJson(response)).toEqual({ message: 'We could not send your message right now, please try again in a few minutes.' });
    expect(await testApp.db.select().from(contactMessages)).toEqual([]);
    expect(
      testApp.log.lines.some((line) => line.includes('mail is unavailable') && line.includes(response.headers.get('x-request-id')!)),
    ).toBe(true);
  });
});
