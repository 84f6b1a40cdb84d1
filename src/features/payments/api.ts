// The payment calls of the browser (docs/product.md#endpoints, 'Enrolment and payment').
import { http } from '#lib/http.ts';
import { CheckoutSchema, EnrolmentSchema, PaymentStatusSchema, TestChargeSchema, TestCompletedSchema } from './schemas.ts';

export const paymentsApi = {
  checkout: (courseId: string) => http.post(`user/courses/${encodeURIComponent(courseId)}/checkout`, undefined, { data: CheckoutSchema }),
  verify: (reference: string) => http.get(`user/payments/${encodeURIComponent(reference)}/verify`, { data: PaymentStatusSchema }),
  enrolment: (courseId: string) =>
    http.get(`user/courses/${encodeURIComponent(courseId)}/enrolment`, { data: EnrolmentSchema, toastError: false }),
  testCharge: (reference: string) => http.get(`user/test-payments/${encodeURIComponent(reference)}`, { data: TestChargeSchema }),
  completeTest: (reference: string, outcome: 'pay' | 'decline') =>
    http.post(`user/test-payments/${encodeURIComponent(reference)}`, { outcome }, { data: TestCompletedSchema }),
};
