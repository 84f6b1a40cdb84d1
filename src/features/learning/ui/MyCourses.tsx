// The dashboard overview (docs/product.md#dashboard-routes): 'Continue where you left off' for the
// course last worked on (the latest completion, else the newest enrolment), pointing at its first
// material not yet completed, or saying the course is complete; then My courses, each with its
// progress and a link to its materials, newest enrolment first; or a way to the catalogue when
// there are none yet. Offline (docs/product.md#offline-study), the list as last fetched, with when;
// and what is saved on this phone, with the space it takes and 'remove'.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { $saved, refreshSaved } from '../offline/saved.ts';
import { formatDate, formatTime } from '#lib/format.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { $session } from '#lib/session.ts';
import { dashboardCoursePath, materialHref } from '../links.ts';
import { $myCourses, lastWorkedOn, loadMyCourses } from '../my-courses.ts';
import type { MyCourse } from '../schemas.ts';
import { startOfflineStudy } from '../offline/start.ts';
import './MyCourses.css';

/**
 * 'Saved on this phone', with 'remove' (./SavedOnPhone.tsx): its code, and removing's, is fetched
 * only for a student who saved something, not with every dashboard. The service worker keeps it
 * with the dashboard, so it opens offline too.
 */
const SavedOnPhone = lazy(() => import('./SavedOnPhone.tsx'));

function ProgressLine({ course }: { course: MyCourse }) {
  return (
    <p className="progress-line">
      <progress max={100} value={course.progress} aria-label={`Progress in ${course.title}`} />{' '}
      <span className="progress-figure">{course.progress}%</span>
    </p>
  );
}

function ContinueCard({ course }: { course: MyCourse }) {
  const page = dashboardCoursePath(course.course_id);
  return (
    <section className="continue-card card" aria-labelledby="continue-heading">
      <div className="card-body">
        <h2 id="continue-heading">Continue where you left off</h2>
        <p className="continue-course">{course.title}</p>
        <ProgressLine course={course} />
        {course.next_material_id ? (
          <p>
            <a className="btn" href={materialHref(course.course_id, course.next_material_id)}>
              Continue<span className="visually-hidden"> {course.title}</span>
            </a>
          </p>
        ) : (
          <p>
            <strong className="course-complete">Course complete</strong> <a href={page}>Review the materials</a>
          </p>
        )}
      </div>
    </section>
  );
}

function MyCourses() {
  const state = useStore($myCourses);
  const student = useStore($session)?.user.id ?? null;
  const savedCourses = new Set(Object.values(useStore($saved)).map((saved) => saved.course));
  useEffect(() => {
    startOfflineStudy();
    void loadMyCourses(student);
    if (student) void refreshSaved(student);
    // Back online: the list again (after the queued ticks, which loadMyCourses sends first).
    const again = () => void loadMyCourses(student);
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, [student]);

  let body;
  if (state.kind === 'loading') body = <p role="status">Loading your courses…</p>;
  else if (state.kind === 'failed')
    body = (
      <p role="alert">
        Your courses could not be loaded.{' '}
        <button type="button" className="btn btn-outline" onClick={() => void loadMyCourses(student)}>
          Try again
        </button>
      </p>
    );
  else if (!state.courses.length)
    body = (
      <div className="my-courses-empty">
        <p>You have not enrolled in a course yet.</p>
        <p className="my-courses-empty-note">
          The courses you enrol in will be listed here, with your progress and their materials. Pay in naira and start the same day.
        </p>
        <a className="btn" href="/courses">
          Explore courses
        </a>
      </div>
    );
  else
    body = (
      <ul className="my-courses" aria-label="My courses">
        {state.courses.map((course) => (
          <li key={course.course_id} className="card my-course">
            <img src={course.image_url} alt="" width={320} height={200} loading="lazy" />
            <div className="card-body">
              <h3>
                <a href={dashboardCoursePath(course.course_id)}>{course.title}</a>
              </h3>
              <p>Enrolled {formatDate(course.enrolled_at)}</p>
              {course.scholarship && <p className="my-course-scholarship">Scholarship: {course.scholarship.name}</p>}
              <ProgressLine course={course} />
            </div>
          </li>
        ))}
      </ul>
    );

  const current = state.kind === 'ready' ? lastWorkedOn(state.courses) : null;
  return (
    <>
      {state.kind === 'ready' && state.syncedAt && (
        <p className="offline-status" role="status">
          Offline, last synced {formatTime(state.syncedAt)}
        </p>
      )}
      {current && <ContinueCard course={current} />}
      <section aria-labelledby="my-courses-heading">
        <h2 id="my-courses-heading">My courses</h2>
        {body}
      </section>
      {state.kind === 'ready' && student && state.courses.some((course) => savedCourses.has(course.course_id)) && (
        <Suspense>
          <SavedOnPhone student={student} courses={state.courses} online={state.syncedAt === null} />
        </Suspense>
      )}
    </>
  );
}

export default withBoundary(MyCourses, 'MyCourses');
