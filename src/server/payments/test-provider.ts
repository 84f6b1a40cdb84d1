// The built-in test provider (no PAYSTACK_SECRET_KEY): its "payment page" is our own
// /payments/test, clearly marked as test mode, with Pay and Decline. Its charges are kept in the
// database (test_charges) so every server process sees them, and its answers and webhooks have
// Paystack's shapes, so verify and fulfilment run the same code as with Paystack.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { testCharges } from '#server/db/schema.ts';
import { chargeFromEvent, hasValidSignature, SIGNATURE_HEADER, type ChargeState, type PaymentProvider } from './provider.ts';

/** Test mode signs its webhooks with this published key: test payments move no money. */
export const TEST_WEBHOOK_SECRET = 'adire-test-provider';
const TEST_PAYMENT_PAGE = '/payments/test';

type TestOutcome = 'pay' | 'decline';

export interface TestProvider extends PaymentProvider {
  /** The payer pressed Pay or Decline on the test page: the charge's result and where to go back to. */
  complete(reference: string, outcome: TestOutcome): Promise<{ callbackPath: string } | null>;
  /** What the test page shows: the amount and whether it is still waiting. */
  charge(reference: string): Promise<{ amountKobo: number; currency: string; status: string } | null>;
}

export function createTestProvider({ db, clock }: { db: Database; clock: () => Date }): TestProvider {
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
        status: charge.status,
        amountKobo: charge.amountKobo,
        currency: charge.currency,
        ...(charge.status === 'failed' ? { reason: 'declined' } : {}),
      };
    },

    readWebhook(rawBody, headers) {
      if (!hasValidSignature(rawBody, headers.get(SIGNATURE_HEADER), TEST_WEBHOOK_SECRET)) return null;
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

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why the server must not start with the test provider, or null when it may: in the test provider
 * every course is free (anyone presses Pay), so a site others can reach (https, or a host that is not
 * loopback) runs it only when PAYMENTS_TEST_MODE=1 says so. A missing or misspelt
 * PAYSTACK_SECRET_KEY then stops the start instead of giving the courses away.
 */
export function testProviderRefusal(env: {
  PUBLIC_SITE_URL: string;
  PAYSTACK_SECRET_KEY?: string;
  PAYMENTS_TEST_MODE: '0' | '1';
}): string | null {
  if (env.PAYSTACK_SECRET_KEY || env.PAYMENTS_TEST_MODE === '1') return null;
  const site = new URL(env.PUBLIC_SITE_URL);
  if (site.protocol === 'http:' && LOOPBACK_HOSTS.has(site.hostname)) return null;
  return `PAYSTACK_SECRET_KEY is not set, and PUBLIC_SITE_URL=${site.origin} is not a local address: set PAYSTACK_SECRET_KEY, or PAYMENTS_TEST_MODE=1 to run the test provider (every course free) there on purpose`;
}
