import * as v from 'valibot';
import { EmailSchema } from '#lib/schemas/fields.ts';

export const NewsletterSchema = v.strictObject({ email: EmailSchema });
export type NewsletterInput = v.InferInput<typeof NewsletterSchema>;
