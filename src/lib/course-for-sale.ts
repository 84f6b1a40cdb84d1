// What quote and checkout answer (409) for a course not for sale yet (docs/product.md, 'Courses and
// payments as built'): shared with the checkout page, which must not take it for 'already enrolled'
// (the other 409 of checkout).
export const COURSE_COMING_SOON = 'This course is coming soon: enrolment opens once its first lesson is ready.';
