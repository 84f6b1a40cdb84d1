// The payment calls of the browser (docs/product.md#planned-endpoints, 'Enrolment and payment').
import { http } from '#lib/http.ts';
import * as v from 'valibot';
import { CheckoutSchema, PaymentStatusSchema, TestChargeSchema, TestCompletedSchema } from './schemas.ts';

const MyCourseIdsSchema = v.array(v.object({ course_id: v.string() }));

export const paymentsApi = {
  checkout: (courseId: string) => http.post(`user/courses/${encodeURIComponent(courseId)}/checkout`, undefined, { data: CheckoutSchema }),
  verify: (reference: string) => http.get(`user/payments/${encodeURIComponent(reference)}/verify`, { data: PaymentStatusSchema }),
  myCourseIds: () => http.get('user/student/courses', { data: MyCourseIdsSchema, toastError: false }),
  testCharge: (reference: string) => http.get(`user/payments/test/${encodeURIComponent(reference)}`, { data: TestChargeSchema }),
  completeTest: (reference: string, outcome: 'pay' | 'decline') =>
    http.post(`user/payments/test/${encodeURIComponent(reference)}`, { outcome }, { data: TestCompletedSchema }),
};
