// Test data seeded through the services the routes call, so a seeded row is exactly what a request
// would have stored (normalised, validated, mailed), and the tests do not write tables by hand.
import * as v from 'valibot';
import { ContactSchema, type ContactInput } from '#features/contact/schemas.ts';
import { receiveContactMessage } from '#features/contact/server/messages.ts';
import { NewsletterSchema } from '#features/newsletter/schemas.ts';
import { subscribeToNewsletter } from '#features/newsletter/server/subscriptions.ts';
import type { ContactKind } from '#server/db/schema.ts';
import { withDefaults, type ApiServices } from '#server/deps.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { TestAppFixture } from './test-app.ts';

/** The services the fixture's app runs on: the same database, mailer, settings, log and clock. */
export function servicesOf(t: TestAppFixture<Mailer>): ApiServices {
  return withDefaults({ db: t.db, mailer: t.mailer, env: t.env, log: t.log, clock: t.clock.now });
}

export const contactMessageInput = (overrides: Partial<ContactInput> = {}): ContactInput => ({
  first_name: 'Adaeze',
  last_name: 'Okafor',
  email: 'adaeze.okafor@example.com',
  phone_number: '0803 123 4567',
  message: 'When does the next Adire dyeing class start?',
  ...overrides,
});

/** A contact message (or tutor request) received as the route receives it: stored and mailed. Returns its id. */
export async function seedContactMessage(
  t: TestAppFixture<Mailer>,
  overrides: Partial<ContactInput> = {},
  kind: ContactKind = 'contact',
): Promise<string> {
  return receiveContactMessage(servicesOf(t), kind, v.parse(ContactSchema, contactMessageInput(overrides)));
}

/** A newsletter subscription for `email`, normalised as the route would store it. */
export async function seedSubscription(t: TestAppFixture<Mailer>, email = 'ada.obi@example.com'): Promise<void> {
  const input = v.parse(NewsletterSchema, { email });
  await subscribeToNewsletter(t.db, input.email);
}
