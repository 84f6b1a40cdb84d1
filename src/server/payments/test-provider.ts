// The built-in test provider (no PAYSTACK_SECRET_KEY): its "payment page" is our own
// /payments/test, clearly marked as test mode, with Pay and Decline. Its charges are kept in the
// database (test_charges) so every server process sees them, and its answers and webhooks have
// Paystack's shapes, so verify and fulfilment run the same code as with Paystack.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { testCharges } from '#server/db/schema.ts';
import { readServerSecret } from '#server/db/server-secrets.ts';
import { isLoopbackHost } from '#server/env.ts';
import { chargeFromEvent, hasValidSignature, SIGNATURE_HEADER, type ChargeState, type PaymentProvider } from './provider.ts';

const WEBHOOK_KEY_NAME = 'test-provider-webhook-key';

/**
 * The key this install's test provider checks webhooks with: made once per database from a CSPRNG
 * (server_secrets), never published, so nobody outside can sign a webhook that enrols a student.
 * Its hex text is the HMAC key. A developer who wants to send a test webhook reads it there.
 */
export const testWebhookKey = (db: Database): Promise<string> => readServerSecret(db, WEBHOOK_KEY_NAME);
const TEST_PAYMENT_PAGE = '/payments/test';

type TestOutcome = 'pay' | 'decline';

export interface TestProvider extends PaymentProvider {
  /** The payer pressed Pay or Decline on the test page: the charge's result and where to go back to. */
  complete(reference: string, outcome: TestOutcome): Promise<{ callbackPath: string } | null>;
  /** What the test page shows: the amount and whether it is still waiting. */
  charge(reference: string): Promise<{ amountKobo: number; currency: string; status: string } | null>;
}

/** Whether the app's provider is the built-in test provider (its page's routes are mounted then). */
export const isTestProvider = (provider: PaymentProvider): provider is TestProvider => provider.name === 'test';

export function createTestProvider({ db, clock }: { db: Database; clock: () => Date }): TestProvider {
  let webhookKey: Promise<string> | undefined;
  const currentWebhookKey = () =>
    (webhookKey ??= testWebhookKey(db).catch((error: unknown) => {
      // A database that was down may be back for the next webhook.
      webhookKey = undefined;
      throw error;
    }));
  const find = async (reference: string) => (await db.select().from(testCharges).where(eq(testCharges.reference, reference)))[0];

  return {
    name: 'test',

    async initialize(charge) {
      await db.insert(testCharges).values({
        reference: charge.reference,
        amountKobo: charge.amountKobo,
        currency: charge.currency,
        email: charge.email,
        callbackUrl: charge.callbackPath,
        createdAt: clock(),
      });
      return { authorizationUrl: `${TEST_PAYMENT_PAGE}?reference=${encodeURIComponent(charge.reference)}` };
    },

    async verify(reference): Promise<ChargeState> {
      const charge = await find(reference);
      if (!charge) return { reference, status: 'failed', amountKobo: 0, currency: 'NGN', reason: 'unknown reference' };
      return {
        reference,
        status: charge.status === 'refunded' ? 'failed' : charge.status,
        amountKobo: charge.amountKobo,
        currency: charge.currency,
        ...(charge.status === 'failed' ? { reason: 'declined' } : {}),
      };
    },

    // The test provider gives money back at once. It writes nothing here: the refund runs inside the
    // caller's transaction, and PGlite's one connection would wait on it.
    refund() {
      return Promise.resolve({ status: 'processed' as const });
    },

    async readWebhook(rawBody, headers) {
      if (!hasValidSignature(rawBody, headers.get(SIGNATURE_HEADER), await currentWebhookKey())) return null;
      return chargeFromEvent(rawBody);
    },

    async complete(reference, outcome) {
      const [charge] = await db
        .update(testCharges)
        .set({ status: outcome === 'pay' ? 'success' : 'failed' })
        .where(and(eq(testCharges.reference, reference), eq(testCharges.status, 'pending')))
        .returning({ callbackPath: testCharges.callbackUrl });
      if (charge) return charge;
      const existing = await find(reference);
      return existing ? { callbackPath: existing.callbackUrl } : null;
    },

    async charge(reference) {
      const charge = await find(reference);
      return charge ? { amountKobo: charge.amountKobo, currency: charge.currency, status: charge.status } : null;
    },
  };
}

const LOCAL_SITES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why the server must not start with the test provider, or null when it may: in the test provider
 * every course is free (anyone presses Pay), so it runs only on a server nobody else can reach (HOST
 * on loopback, and PUBLIC_SITE_URL, when set, a local http address), unless PAYMENTS_TEST_MODE=1 says
 * it is meant (a staging site). A missing or misspelt PAYSTACK_SECRET_KEY then stops the start
 * instead of giving the courses away.
 */
export function testProviderRefusal(env: {
  HOST: string;
  PUBLIC_SITE_URL: string;
  PAYSTACK_SECRET_KEY?: string;
  PAYMENTS_TEST_MODE: '0' | '1';
}): string | null {
  if (env.PAYSTACK_SECRET_KEY || env.PAYMENTS_TEST_MODE === '1') return null;
  const wayOut = 'set PAYSTACK_SECRET_KEY, or PAYMENTS_TEST_MODE=1 to run the test provider (every course free) there on purpose';
  if (!isLoopbackHost(env.HOST)) return `PAYSTACK_SECRET_KEY is not set, and HOST=${env.HOST} is not a loopback address: ${wayOut}`;
  const site = new URL(env.PUBLIC_SITE_URL);
  if (site.protocol === 'http:' && LOCAL_SITES.has(site.hostname)) return null;
  return `PAYSTACK_SECRET_KEY is not set, and PUBLIC_SITE_URL=${site.origin} is not a local address: ${wayOut}`;
}
