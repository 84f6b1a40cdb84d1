// The calls of a scholarship code at checkout (docs/product.md, 'Scholarships and discount codes'):
// the quote, and checkout with the code, whose answer is a payment or, for a 100 % code, the
// enrolment. Apart from api.ts on purpose: it reads the scholarships' schemas
// (lib/schemas/scholarships.ts), so it is fetched with the code's field (ui/ScholarshipCodeForm.tsx),
// not with every checkout.
import * as v from 'valibot';
import { EnrolledByScholarshipSchema, QuoteSchema } from '#lib/schemas/scholarships.ts';
import { http } from '#lib/http.ts';
import { CheckoutSchema } from './schemas.ts';

const CheckoutWithCodeSchema = v.union([CheckoutSchema, EnrolledByScholarshipSchema]);

export const codeApi = {
  quote: (courseId: string, code: string) =>
    http.get(`user/courses/${encodeURIComponent(courseId)}/quote?code=${encodeURIComponent(code)}`, { data: QuoteSchema }),
  /** The amount is the quote's total; a 100 % code enrols at once. */
  checkout: (courseId: string, code: string) =>
    http.post(`user/courses/${encodeURIComponent(courseId)}/checkout`, { code }, { data: CheckoutWithCodeSchema }),
};
