// POST /api/v1/user/subscribe-newsletter: one subscription per address, a friendly 200 either way.
import { describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '#server/db/schema.ts';
import { SUBSCRIBED_MESSAGE } from '#features/newsletter/server/routes.ts';
import { checkJsonEndpoint } from './support/endpoint-checks.ts';
import { seedSubscription } from './support/factories.ts';
import { readJson, send, useTestApp } from './support/test-app.ts';

const testApp = useTestApp();

const subscribe = (body: unknown, ip?: string) => send(testApp.app, 'user/subscribe-newsletter', body, { ip });
const storedEmails = async () => (await testApp.db.select().from(newsletterSubscriptions)).map((row) => row.email);

describe('POST user/subscribe-newsletter', () => {
  checkJsonEndpoint({
    path: 'user/subscribe-newsletter',
    app: () => testApp.app,
    validBody: () => ({ email: 'ada.obi@example.com' }),
    successStatus: 200,
    successMessage: SUBSCRIBED_MESSAGE,
    fields: {
      email: {
        missing: 'Email is required',
        wrongType: 'Email is required',
        tooLong: { value: `${'a'.repeat(250)}@example.com`, message: 'Email must be valid' },
        withNul: 'Email must be valid',
      },
    },
  });

  it('stores the trimmed address once, however often and in whatever case it is sent', async () => {
    for (const email of ['  Ada.Obi@Example.com ', 'ada.obi@example.com', 'ADA.OBI@EXAMPLE.COM']) {
      const response = await subscribe({ email });
      expect(response.status).toBe(200);
      expect(await readJson(response)).toEqual({ message: SUBSCRIBED_MESSAGE, data: null });
    }
    expect(await storedEmails()).toEqual(['ada.obi@example.com']);
  });

  it('answers an address that already subscribed as it answers a new one, and stores it once', async () => {
    await seedSubscription(testApp, 'Returning.Reader@Example.com');
    const response = await subscribe({ email: 'returning.reader@example.com' });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: SUBSCRIBED_MESSAGE, data: null });
    expect(await storedEmails()).toEqual(['returning.reader@example.com']);
  });

  it('keeps one subscription when the same address arrives many times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => subscribe({ email: i % 2 ? 'tola@example.ng' : 'TOLA@example.ng' }, `198.51.100.${i}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(await storedEmails()).toEqual(['tola@example.ng']);
  });

  it('refuses invalid addresses with the field message (docs/product.md#field-messages)', async () => {
    for (const email of ['ada', 'ada@', '@example.com', 'ada@example', 'ada@example.c', 'ada obi@example.com', '   ']) {
      const response = await subscribe({ email });
      expect(response.status, email).toBe(400);
      const expected = email.trim() ? 'Email must be valid' : 'Email is required';
      expect(await readJson(response), email).toEqual({ message: expected, errors: { email: [expected] } });
    }
    expect(await storedEmails()).toEqual([]);
  });

  it('sends no mail', async () => {
    await subscribe({ email: 'quiet@example.com' });
    expect(testApp.mailer.sent).toEqual([]);
  });
});
