// The course page's state and actions (docs/product.md#dashboard-routes): the materials of one
// course, which one is selected (the URL's #material-<id>), and ticking a material, which shows at
// once, is queued on the phone and sent (docs/product.md#offline-study): offline, the list is the
// one last fetched, with when, and ticks wait for the connection. Material links expire after 2
// hours, so a video that fails to load reloads the list, once.
import { atom } from 'nanostores';
import { isApiError, isNetworkError, messageOf } from '#lib/errors.ts';
import { $session } from '#lib/session.ts';
import { toast } from '#lib/toast/store.ts';
import {
  dequeueTick,
  keepOnlyLive,
  keepSnapshot,
  queueTick,
  queuedTicks,
  removeSaved,
  snapshotOf,
  type QueuedTick,
} from './offline/store.ts';
import { answered, askForBackgroundSync, countQueued, onTickSettled, sendQueuedTicks, settled } from './offline/tick-queue.ts';
import { percentDone } from '#lib/percent-done.ts';
import { learningApi } from './api.ts';
import { materialsApi } from './materials-api.ts';
import type { CourseMaterials, Material } from './schemas.ts';

export type MaterialsState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'not-enrolled'; message: string }
  | {
      kind: 'ready';
      course: CourseMaterials['course'];
      materials: Material[];
      selectedId: string | null;
      /**
       * How many times the links were fetched again after a video failed. The player is keyed on it:
       * a fresh link signed in the same second as the failed one is the same text, and the browser
       * would not try it again without a new element.
       */
      linkReloads: number;
      /** Offline: when the list shown was fetched (ISO-8601); null when it is the server's answer now. */
      syncedAt: string | null;
      /** Back online: when the list was fetched again, after the queued ticks were sent (ISO-8601). */
      resyncedAt: string | null;
    };

export const $materials = atom<MaterialsState>({ kind: 'loading' });

/** The 403 text of GET user/student/courses/{id}, shown when the answer carries none. */
const NOT_ENROLLED_MESSAGE = 'You are not enrolled in this course.';
/** As the server counts it: completed / all × 100, rounded down. */
export const progressOf = (materials: readonly Material[]) => percentDone(materials.filter((m) => m.completed).length, materials.length);

/** mm:ss for a video's seconds. */
function formatVideoLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

const formatPages = (pages: number) => `${pages} ${pages === 1 ? 'page' : 'pages'}`;

export const formatLength = (material: Pick<Material, 'kind' | 'length'>) =>
  material.kind === 'video' ? formatVideoLength(material.length) : formatPages(material.length);

/** The state a refused load leads to: not enrolled (403), else failed with the reason. */
const stateAfterError = (error: unknown): MaterialsState =>
  isApiError(error) && error.status === 403
    ? { kind: 'not-enrolled', message: error.message || NOT_ENROLLED_MESSAGE }
    : { kind: 'failed', message: messageOf(error) };

/** Said when the course page opens offline and nothing of the course was ever fetched on this phone. */
const NOT_ON_PHONE_MESSAGE = 'You are offline, and this course has not been opened on this phone yet. Connect to load it.';

const studentId = () => $session.get()?.user.id ?? null;

/** The ticks still queued for the course, laid over a list: what the student did shows, sent or not. */
async function withQueuedTicks(student: string, courseId: string, materials: Material[]): Promise<Material[]> {
  const queued = (await queuedTicks(student)).filter((tick) => tick.course === courseId);
  return materials.map((m) => {
    const tick = queued.find((t) => t.material === m.id);
    return tick ? { ...m, completed: tick.completed } : m;
  });
}

function withAnsweredSince(since: number, courseId: string, materials: Material[]): Material[] {
  const later = answered.slice(since).filter((tick) => tick.course === courseId);
  return materials.map((m) => {
    const last = later.findLast((tick) => tick.material === m.id);
    return last ? { ...m, completed: last.completed } : m;
  });
}

/** The course's materials: the server's, kept on the phone; offline, the ones kept, with when. */
async function fetchMaterials(courseId: string): Promise<{ data: CourseMaterials; syncedAt: string | null }> {
  const student = studentId();
  // The ticks waiting on the phone first, so the list counts them.
  await sendQueuedTicks();
  try {
    const since = answered.length;
    const answer = await materialsApi.materials(courseId);
    const data = { ...answer.data, materials: withAnsweredSince(since, courseId, answer.data.materials) };
    if (student) {
      await keepSnapshot(student, { course: courseId }, data);
      await keepOnlyLive(
        student,
        courseId,
        data.materials.map((m) => m.id),
      );
    }
    return { data: student ? { ...data, materials: await withQueuedTicks(student, courseId, data.materials) } : data, syncedAt: null };
  } catch (error) {
    if (student && isApiError(error) && error.status === 403) await removeSaved(student, { course: courseId });
    if (!student || !isNetworkError(error)) throw error;
    const kept = await snapshotOf<CourseMaterials>(student, { course: courseId });
    if (!kept) throw new Error(NOT_ON_PHONE_MESSAGE, { cause: error });
    return { data: { ...kept.data, materials: await withQueuedTicks(student, courseId, kept.data.materials) }, syncedAt: kept.at };
  }
}

let currentCourse: string | null = null;
let reloadedAfterVideoError = false;

/** Loads the course's materials; `wanted` (from the hash) is selected when it is one of them. */
export async function loadMaterials(courseId: string, wanted: string | null) {
  currentCourse = courseId;
  reloadedAfterVideoError = false;
  $materials.set({ kind: 'loading' });
  try {
    const { data, syncedAt } = await fetchMaterials(courseId);
    if (currentCourse !== courseId) return;
    const known = (id: string | null) => (id && data.materials.some((m) => m.id === id) ? id : null);
    const selectedId = known(wanted) ?? data.materials.find((m) => !m.completed)?.id ?? data.materials[0]?.id ?? null;
    $materials.set({
      kind: 'ready',
      course: data.course,
      materials: data.materials,
      selectedId,
      linkReloads: 0,
      syncedAt,
      resyncedAt: null,
    });
  } catch (error) {
    if (currentCourse !== courseId) return;
    $materials.set(stateAfterError(error));
  }
}

export function selectMaterial(id: string) {
  const state = $materials.get();
  if (state.kind !== 'ready' || !state.materials.some((m) => m.id === id)) return false;
  if (state.selectedId !== id) $materials.set({ ...state, selectedId: id });
  return true;
}

function setCompletedLocally(id: string, completed: boolean) {
  const state = $materials.get();
  if (state.kind !== 'ready') return;
  $materials.set({ ...state, materials: state.materials.map((m) => (m.id === id ? { ...m, completed } : m)) });
}

// A tick the server answered (here or from the queue) shows on the course open now.
onTickSettled((tick) => {
  const state = $materials.get();
  if (state.kind === 'ready' && state.course.id === tick.course) setCompletedLocally(tick.material, tick.completed);
});

/**
 * Ticks or unticks at once and queues it on the phone, then sends it: offline it waits for the
 * connection (sendQueuedTicks); refused, it goes back and a toast says why.
 */
export async function setCompleted(id: string, completed: boolean) {
  const state = $materials.get();
  const student = studentId();
  if (state.kind !== 'ready' || !student) return;
  const tick: QueuedTick = { key: crypto.randomUUID(), course: state.course.id, material: id, completed, at: new Date().toISOString() };
  setCompletedLocally(id, completed);
  await queueTick(student, tick);
  try {
    const { data } = await learningApi.sendTick(tick);
    await dequeueTick(student, tick.key);
    await settled(student, tick, data.completed);
  } catch (error) {
    // No connection, or an ended session: kept on the phone, sent with the queue (after logging back
    // in). Anything else the student sees at once: the tick goes back, with why.
    if (isNetworkError(error) || (isApiError(error) && error.status === 401)) {
      if (isNetworkError(error)) void askForBackgroundSync();
    } else {
      await dequeueTick(student, tick.key);
      const state = $materials.get();
      if (state.kind === 'ready' && state.course.id === tick.course) setCompletedLocally(tick.material, !completed);
      toast.error(messageOf(error));
    }
  }
  await countQueued(student);
}

/**
 * Back online: sends the queued ticks, then fetches the list again (the server's, with the ticks)
 * and says the page is synced, when the list shown was the one kept on the phone. Still no
 * connection: the list stays as it is.
 */
export async function resyncMaterials() {
  const state = $materials.get();
  if (state.kind !== 'ready' || state.syncedAt === null) return void (await sendQueuedTicks());
  const courseId = state.course.id;
  try {
    const { data, syncedAt } = await fetchMaterials(courseId);
    const now = $materials.get();
    if (syncedAt !== null || currentCourse !== courseId || now.kind !== 'ready') return;
    const selectedId = data.materials.some((m) => m.id === now.selectedId) ? now.selectedId : (data.materials[0]?.id ?? null);
    $materials.set({
      ...now,
      course: data.course,
      materials: data.materials,
      selectedId,
      syncedAt: null,
      resyncedAt: new Date().toISOString(),
    });
  } catch (error) {
    // Only a refusal changes what is shown (the enrolment ended meanwhile).
    const after = stateAfterError(error);
    if (after.kind === 'not-enrolled') $materials.set(after);
  }
}

/**
 * A video that cannot load most likely has an expired link (2 hours): fetch fresh links once,
 * keeping the selection. Answers whether a reload was started.
 */
export async function reloadAfterVideoError(): Promise<boolean> {
  const state = $materials.get();
  if (state.kind !== 'ready' || reloadedAfterVideoError) return false;
  reloadedAfterVideoError = true;
  const courseId = state.course.id;
  try {
    const { data, syncedAt } = await fetchMaterials(courseId);
    const now = $materials.get();
    if (currentCourse !== courseId || now.kind !== 'ready') return true;
    const selectedId = data.materials.some((m) => m.id === now.selectedId) ? now.selectedId : (data.materials[0]?.id ?? null);
    $materials.set({ ...now, course: data.course, materials: data.materials, selectedId, linkReloads: now.linkReloads + 1, syncedAt });
  } catch (error) {
    // Only a refusal changes what is shown; otherwise the player says it could not load.
    const after = stateAfterError(error);
    if (after.kind === 'not-enrolled') $materials.set(after);
  }
  return true;
}
