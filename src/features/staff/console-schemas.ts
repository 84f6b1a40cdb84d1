// The console's form-only schemas: what a form holds beyond what the call sends. The calls' own
// schemas (and the answers') are in ./schemas.ts, shared with the routes.
import * as v from 'valibot';
import { ManualEnrolmentSchema, type RequestsPageSchema, type StaffPaymentSchema, type StudentDetailSchema } from './schemas.ts';

const { course_id, note, amount_received } = ManualEnrolmentSchema.entries;
/** Enrol by hand: how it was paid goes in front of the note; an empty amount is left out. */
export const ManualEnrolmentFormSchema = v.strictObject({
  course_id,
  method: v.picklist(['Bank transfer', 'Cash'], 'Choose bank transfer or cash'),
  note: v.pipe(note, v.maxLength(480, 'Note must be at most 480 characters')),
  amount_received: v.union([v.literal(''), amount_received.wrapped], 'amount_received must be an amount in naira, e.g. 180000.00'),
});

// The answers' types, as the pages name them.
export type StaffPayment = v.InferOutput<typeof StaffPaymentSchema>;
export type StudentDetail = v.InferOutput<typeof StudentDetailSchema>;
export type StaffRequest = v.InferOutput<typeof RequestsPageSchema>['requests'][number];
