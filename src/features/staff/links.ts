// The console's addresses for one record: the pages are static, the record is in the query.
export const studentHref = (id: string) => `/staff/students/view?id=${encodeURIComponent(id)}`;
export const paymentHref = (payment: { student_id: string; reference: string }) =>
  `/staff/payments/view?student=${encodeURIComponent(payment.student_id)}&reference=${encodeURIComponent(payment.reference)}`;

/** A course as the console's pages name it (from the catalogue at build time). */
export interface CourseOption {
  id: string;
  title: string;
}
