// Contact and tutor-request messages share one shape (docs/product.md#form-fields).
import * as v from 'valibot';
import { EmailSchema, FirstNameSchema, LastNameSchema, MessageSchema, PhoneSchema } from '#lib/schemas/fields.ts';

export const ContactSchema = v.strictObject({
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  email: EmailSchema,
  phone_number: PhoneSchema,
  message: MessageSchema,
});
export type ContactInput = v.InferInput<typeof ContactSchema>;
export type ContactMessage = v.InferOutput<typeof ContactSchema>;
