// What the payment calls answer (docs/product.md#endpoints, 'Enrolment and payment'):
// checkout, verify, and the test provider's page. The checkout island parses answers with these.
import * as v from 'valibot';

export const CheckoutSchema = v.object({
  reference: v.string(),
  /** Where to send the payer: Paystack's page, or our own test page. */
  authorization_url: v.string(),
  /** Naira with two decimals, from the server's price. */
  amount: v.string(),
  currency: v.literal('NGN'),
});

/** GET user/courses/{id}/enrolment. */
export const EnrolmentSchema = v.object({ enrolled: v.boolean() });

export const PaymentStatusSchema = v.object({ status: v.picklist(['success', 'failed', 'pending']), course_id: v.string() });

export const TestChargeSchema = v.object({ reference: v.string(), amount: v.string(), currency: v.string(), status: v.string() });
export const TestOutcomeSchema = v.strictObject({ outcome: v.picklist(['pay', 'decline'], 'outcome must be pay or decline') });
export const TestCompletedSchema = v.object({ callback_url: v.string() });

export const REFERENCE_PATTERN = /^ADR-[A-Z0-9]{16}$/;
