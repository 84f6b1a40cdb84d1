// What the payment calls answer (docs/product.md#endpoints, 'Enrolment and payment'):
// checkout, verify, and the test provider's page. The checkout island parses answers with these.
import * as v from 'valibot';
import { LinkSchema, NairaSchema } from '#lib/schemas/values.ts';

export const CheckoutSchema = v.pipe(
  v.object({
    reference: v.string(),
    /** Where to send the payer: Paystack's page, or our own test page. */
    authorization_url: LinkSchema,
    /** Naira with two decimals, from the server's price. */
    amount: NairaSchema,
    currency: v.literal('NGN'),
    /** Who takes the payment: 'paystack', or 'test' (the built-in test provider: no money moves). */
    provider: v.picklist(['paystack', 'test']),
  }),
  v.metadata({ ref: 'Checkout' }),
);

/** GET user/courses/{id}/enrolment. */
export const EnrolmentSchema = v.pipe(v.object({ enrolled: v.boolean() }), v.metadata({ ref: 'Enrolment' }));

export const PaymentStatusSchema = v.pipe(
  v.object({ status: v.picklist(['success', 'failed', 'pending', 'refunded']), course_id: v.string() }),
  v.metadata({ ref: 'PaymentStatus' }),
);

export const TestChargeSchema = v.object({ reference: v.string(), amount: v.string(), currency: v.string(), status: v.string() });
export const TestOutcomeSchema = v.strictObject({ outcome: v.picklist(['pay', 'decline'], 'outcome must be pay or decline') });
export const TestCompletedSchema = v.object({ callback_url: LinkSchema });

export const REFERENCE_PATTERN = /^ADR-[A-Z0-9]{16}$/;
