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
