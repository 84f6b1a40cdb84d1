// My courses' state and its loading (docs/product.md#dashboard-routes): the student's courses from
// the server, kept on the phone with their course pages; offline (docs/product.md#offline-study),
// the list as last kept, with when. The dashboard's island (ui/MyCourses.tsx) only shows it.
import { atom } from 'nanostores';
import { isNetworkError } from '#lib/errors.ts';
import { learningApi } from './api.ts';
import { dashboardCoursePath } from './links.ts';
import { keepPages } from './offline/keep-pages.ts';
import { keepSnapshot, snapshotOf } from './offline/store.ts';
import type { MyCourse } from './schemas.ts';
import { sendQueuedTicks } from './offline/tick-queue.ts';

export type MyCoursesState =
  | { kind: 'loading' }
  | { kind: 'failed' }
  /** syncedAt: offline, when the list shown was fetched (ISO-8601); null when it is the server's answer now. */
  | { kind: 'ready'; courses: MyCourse[]; syncedAt: string | null };

export const $myCourses = atom<MyCoursesState>({ kind: 'loading' });

/** My courses from the server, kept on the phone with the course pages; offline, as last kept. */
async function fetchMyCourses(student: string | null): Promise<{ courses: MyCourse[]; syncedAt: string | null }> {
  // The ticks waiting on the phone first, so the progress counts them.
  await sendQueuedTicks();
  try {
    const { data } = await learningApi.myCourses();
    if (student) {
      await keepSnapshot(student, { courses: true }, data);
      void keepPages(data.map((course) => dashboardCoursePath(course.course_id)));
    }
    return { courses: data, syncedAt: null };
  } catch (error) {
    const kept = student && isNetworkError(error) ? await snapshotOf<MyCourse[]>(student, { courses: true }) : undefined;
    if (!kept) throw error;
    return { courses: kept.data, syncedAt: kept.at };
  }
}

/** Loads My courses for the student signed in (null: nobody, nothing kept); the list shown stays until the answer. */
export const loadMyCourses = (student: string | null) =>
  fetchMyCourses(student).then(
    ({ courses, syncedAt }) => $myCourses.set({ kind: 'ready', courses, syncedAt }),
    () => $myCourses.set({ kind: 'failed' }),
  );

const time = (iso: string | null) => (iso ? Date.parse(iso) || 0 : 0);

/** The course last worked on: the latest activity, else the newest enrolment. */
export function lastWorkedOn(courses: readonly MyCourse[]): MyCourse | null {
  let best: MyCourse | null = null;
  for (const course of courses) {
    if (!best) best = course;
    else {
      const [a, b] = [time(course.last_activity_at), time(best.last_activity_at)];
      if (a > b || (a === b && time(course.enrolled_at) > time(best.enrolled_at))) best = course;
    }
  }
  return best;
}
