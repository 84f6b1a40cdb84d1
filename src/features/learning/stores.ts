// The course page's state and actions (docs/product.md#dashboard-routes): the materials of one
// course, which one is selected (the URL's #material-<id>), and ticking a material, which shows at
// once and is saved at once; a failed save puts the tick back as it was. Material links expire
// after 2 hours, so a video that fails to load reloads the list, once.
import { atom } from 'nanostores';
import { isApiError, messageOf } from '#lib/errors.ts';
import { percentDone } from './percent-done.ts';
import { learningApi } from './api.ts';
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

let currentCourse: string | null = null;
let reloadedAfterVideoError = false;

/** Loads the course's materials; `wanted` (from the hash) is selected when it is one of them. */
export async function loadMaterials(courseId: string, wanted: string | null) {
  currentCourse = courseId;
  reloadedAfterVideoError = false;
  $materials.set({ kind: 'loading' });
  try {
    const { data } = await learningApi.materials(courseId);
    if (currentCourse !== courseId) return;
    const known = (id: string | null) => (id && data.materials.some((m) => m.id === id) ? id : null);
    const selectedId = known(wanted) ?? data.materials.find((m) => !m.completed)?.id ?? data.materials[0]?.id ?? null;
    $materials.set({ kind: 'ready', course: data.course, materials: data.materials, selectedId, linkReloads: 0 });
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

/** Ticks or unticks at once, then saves; on failure the tick goes back (the HTTP client's toast says why). */
export async function setCompleted(id: string, completed: boolean) {
  const state = $materials.get();
  if (state.kind !== 'ready') return;
  const courseId = state.course.id;
  setCompletedLocally(id, completed);
  try {
    await learningApi.setCompleted(courseId, id, completed);
  } catch {
    if (currentCourse === courseId) setCompletedLocally(id, !completed);
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
    const { data } = await learningApi.materials(courseId);
    const now = $materials.get();
    if (currentCourse !== courseId || now.kind !== 'ready') return true;
    const selectedId = data.materials.some((m) => m.id === now.selectedId) ? now.selectedId : (data.materials[0]?.id ?? null);
    $materials.set({ ...now, course: data.course, materials: data.materials, selectedId, linkReloads: now.linkReloads + 1 });
  } catch (error) {
    // Only a refusal changes what is shown; otherwise the player says it could not load.
    const after = stateAfterError(error);
    if (after.kind === 'not-enrolled') $materials.set(after);
  }
  return true;
}
