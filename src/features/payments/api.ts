// The payment calls of the browser (docs/product.md#endpoints, 'Enrolment and payment').
import { http } from '#lib/http.ts';
import { QuoteSchema } from '#features/scholarships/schemas.ts';
import { CheckoutStartedSchema, EnrolmentSchema, PaymentStatusSchema, TestChargeSchema, TestCompletedSchema } from './schemas.ts';

export const paymentsApi = {
  /** With a scholarship code, the amount is the quote's total; a 100 % code enrols at once. */
  checkout: (courseId: string, code?: string) =>
    http.post(`user/courses/${encodeURIComponent(courseId)}/checkout`, code ? { code } : undefined, { data: CheckoutStartedSchema }),
  quote: (courseId: string, code: string) =>
    http.get(`user/courses/${encodeURIComponent(courseId)}/quote?code=${encodeURIComponent(code)}`, { data: QuoteSchema }),
  verify: (reference: string) => http.get(`user/payments/${encodeURIComponent(reference)}/verify`, { data: PaymentStatusSchema }),
  enrolment: (courseId: string) =>
    http.get(`user/courses/${encodeURIComponent(courseId)}/enrolment`, { data: EnrolmentSchema, toastError: false }),
  testCharge: (reference: string) => http.get(`user/test-payments/${encodeURIComponent(reference)}`, { data: TestChargeSchema }),
  completeTest: (reference: string, outcome: 'pay' | 'decline') =>
    http.post(`user/test-payments/${encodeURIComponent(reference)}`, { outcome }, { data: TestCompletedSchema }),
};
