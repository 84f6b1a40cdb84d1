// The learning feature's calls from the browser (docs/product.md#dashboard-routes): the student's
// courses with progress, and ticking a material as completed. An enrolled course with its materials,
// which only the course page asks for, is ./materials-api.ts's, so My courses does not carry its schema.
import { http } from '#lib/http.ts';
import type { QueuedTick } from './offline/store.ts';
import { MaterialProgressSchema, MyCoursesSchema } from './schemas.ts';

export const coursePath = (courseId: string) => `user/student/courses/${encodeURIComponent(courseId)}`;

export const learningApi = {
  /** No toast: offline, My courses shows the list last fetched, else says it could not load. */
  myCourses: () => http.get('user/student/courses', { data: MyCoursesSchema, toastError: false }),
  /**
   * A tick as queued on the phone (src/features/learning/offline/store.ts): its time, and its key, so the
   * server counts it once however often it is sent. No toast: a tick that cannot reach the server
   * waits on the phone, and the page says why one was refused. A tick that met an ended session is
   * sent again once the student has logged back in (not a `quiet` one: the queue sends those).
   */
  sendTick: (tick: QueuedTick, { quiet = false }: { quiet?: boolean } = {}) =>
    http.put(
      `${coursePath(tick.course)}/materials/${encodeURIComponent(tick.material)}`,
      { completed: tick.completed, at: tick.at },
      { data: MaterialProgressSchema, replayable: !quiet, toastError: false, headers: { 'idempotency-key': tick.key } },
    ),
};
