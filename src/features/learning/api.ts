// The learning feature's calls from the browser (docs/product.md#dashboard-routes): the student's
// courses with progress, and ticking a material as completed. An enrolled course with its materials,
// which only the course page asks for, is ./materials-api.ts's. The answers are read as the server
// wrote them (`trusted`: lib/http.ts says why), typed by ./schemas.ts, whose schemas the routes answer with.
import { http, trusted } from '#lib/http.ts';
import type { QueuedTick } from './offline/store.ts';
import type { MaterialProgress, MyCourse } from './schemas.ts';

export const coursePath = (courseId: string) => `user/student/courses/${encodeURIComponent(courseId)}`;

export const learningApi = {
  /** No toast: offline, My courses shows the list last fetched, else says it could not load. */
  myCourses: () => http.get('user/student/courses', { data: trusted<MyCourse[]>(), toastError: false }),
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
      { data: trusted<MaterialProgress>(), replayable: !quiet, toastError: false, headers: { 'idempotency-key': tick.key } },
    ),
};
