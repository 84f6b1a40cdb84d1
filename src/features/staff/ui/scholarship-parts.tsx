// What the scholarship list and page both show: the dates, seats and courses in words.
import type { Scholarship } from '#lib/schemas/scholarships.ts';
import type { CourseOption } from '../links.ts';
import { lagosDate } from '../scholarship-form.ts';

export const seatsLine = (scholarship: Pick<Scholarship, 'seats' | 'seats_taken'>) =>
  `${scholarship.seats_taken.toLocaleString('en-NG')} of ${scholarship.seats.toLocaleString('en-NG')}`;
export const datesLine = (scholarship: Scholarship) => `${lagosDate(scholarship.starts_at)} to ${lagosDate(scholarship.ends_at)}`;
/** The courses by their titles, in the catalogue's order; an id the catalogue no longer has, as it is. */
export const coursesLine = (scholarship: Scholarship, courses: readonly CourseOption[]) =>
  scholarship.course_ids.map((id) => courses.find((course) => course.id === id)?.title ?? id).join(', ');

/** Open in green (seats may be taken), scheduled and closed in grey: the requests' red 'open' means work waiting. */
export const StatusBadge = ({ status }: { status: Scholarship['status'] }) => (
  <span className={`staff-badge${status === 'open' ? ' staff-badge-success' : ''}`}>{status}</span>
);
