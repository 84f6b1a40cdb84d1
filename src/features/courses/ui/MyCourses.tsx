// 'My courses' on the dashboard: the signed-in student's courses with their progress, newest
// enrolment first, or a way to the catalogue when there are none yet.
import { useEffect, useState } from 'react';
import { formatDate } from '#lib/format.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { myCourses } from '../api.ts';
import type { MyCourse } from '../schemas.ts';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; courses: MyCourse[] };

function MyCourses() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const load = () =>
    myCourses().then(
      ({ data }) => setState({ kind: 'ready', courses: data }),
      () => setState({ kind: 'failed' }),
    );
  useEffect(() => {
    void load();
  }, []);

  if (state.kind === 'loading') return <p role="status">Loading your courses…</p>;
  if (state.kind === 'failed')
    return (
      <p role="alert">
        Your courses could not be loaded.{' '}
        <button type="button" className="link-button" onClick={() => void load()}>
          Try again
        </button>
      </p>
    );
  if (!state.courses.length)
    return (
      <div className="my-courses-empty">
        <p>You have not enrolled in a course yet.</p>
        <a className="btn" href="/courses">
          Explore courses
        </a>
      </div>
    );
  return (
    <ul className="my-courses" aria-label="My courses">
      {state.courses.map((course) => (
        <li key={course.course_id} className="card my-course">
          <img src={course.image_url} alt="" width={320} height={200} loading="lazy" />
          <div className="card-body">
            <h3>
              <a href={`/courses/${course.course_id}`}>{course.title}</a>
            </h3>
            <p>Enrolled {formatDate(course.enrolled_at)}</p>
            <p>
              <progress max={100} value={course.progress} aria-label={`Progress in ${course.title}`} /> {course.progress}% done
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default withBoundary(MyCourses, 'MyCourses');
