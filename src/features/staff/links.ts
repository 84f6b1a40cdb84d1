// The console's addresses for one record: the pages are static, the record is in the query.
export const studentHref = (id: string) => `/staff/students/view?id=${encodeURIComponent(id)}`;
export const paymentHref = (reference: string) => `/staff/payments/view?reference=${encodeURIComponent(reference)}`;

/** A course as the console's pages name it (from the catalogue at build time). */
export interface CourseOption {
  id: string;
  title: string;
}
/** A course's lessons page. */
export const lessonsHref = (courseId: string) => `/staff/courses/lessons?id=${encodeURIComponent(courseId)}`;
export const scholarshipHref = (id: string) => `/staff/scholarships/view?id=${encodeURIComponent(id)}`;

/** A partner as the scholarship form names it: a project page's slug, and its partner and programme. */
export type PartnerOption = CourseOption;
