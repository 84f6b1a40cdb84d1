// My courses' 'Saved on this phone' (docs/product.md#offline-study): the courses with materials
// saved on this phone, the space each takes, and 'remove', which asks first. Loaded by My courses
// only when something is saved (./MyCourses.tsx).
import { useStore } from '@nanostores/react';
import { formatBytes } from '#lib/format.ts';
import { dashboardCoursePath } from '../links.ts';
import { $saved, removeFromPhone } from '../offline/saved.ts';
import type { MyCourse } from '../schemas.ts';
import ConfirmRemove from './ConfirmRemove.tsx';

/** The courses with materials saved on this phone, the space each takes, and 'remove'. */
export default function SavedOnPhone({ student, courses, online }: { student: string; courses: MyCourse[]; online: boolean }) {
  const saved = Object.values(useStore($saved));
  const byCourse = courses
    .map((course) => ({ course, files: saved.filter((s) => s.course === course.course_id) }))
    .filter(({ files }) => files.length > 0);
  if (!byCourse.length) return null;
  const total = saved.reduce((sum, s) => sum + s.bytes, 0);
  return (
    <section className="saved-on-phone" aria-labelledby="saved-heading">
      <h2 id="saved-heading">Saved on this phone</h2>
      <p>Space used: {formatBytes(total)}</p>
      <ul className="saved-list">
        {byCourse.map(({ course, files }) => (
          <li key={course.course_id}>
            <span>
              <a href={dashboardCoursePath(course.course_id)}>{course.title}</a>: {files.length}{' '}
              {files.length === 1 ? 'material' : 'materials'}, {formatBytes(files.reduce((sum, s) => sum + s.bytes, 0))}
            </span>{' '}
            <ConfirmRemove
              label={`Remove: ${course.title}`}
              what={course.title}
              online={online}
              onRemove={() => void removeFromPhone(student, { course: course.course_id })}
            >
              Remove
            </ConfirmRemove>
          </li>
        ))}
      </ul>
    </section>
  );
}
