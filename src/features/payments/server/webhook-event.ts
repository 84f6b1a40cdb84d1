// What POST user/payments/webhook receives, for the OpenAPI document: Paystack's event, of which the
// server reads only these fields (src/server/payments/provider.ts, chargeFromEvent). Paystack sends
// many more; they are allowed and ignored.
import * as v from 'valibot';

export const PaystackEventSchema = v.pipe(
  v.looseObject({
    event: v.pipe(v.string(), v.description('The event. Only `charge.success` settles a payment; any other is answered 200 and ignored.')),
    data: v.looseObject({
      reference: v.pipe(v.string(), v.description('The payment reference checkout answered, e.g. ADR-7K2M9Q4X1B6N3P5R.')),
      amount: v.pipe(v.number(), v.integer(), v.minValue(0), v.description('The amount charged, in kobo (100 kobo = 1 naira).')),
      currency: v.pipe(v.string(), v.description('The currency: NGN.')),
      status: v.pipe(v.string(), v.description('The charge status: `success` for a completed charge.')),
    }),
  }),
  v.description("Paystack's event, e.g. charge.success; extra fields are ignored."),
  v.metadata({ ref: 'PaystackEvent' }),
);
