// What the portal keeps on the phone for offline study (docs/product.md#offline-study), always per
// student: the last answers of My courses and of each course's materials (with when they were
// fetched), the course files saved for offline in Cache Storage, and the ticks not yet sent. The
// service worker serves the saved files (./service-worker.ts); nothing here is sent anywhere. The
// course pages kept on the phone are ./keep-pages.ts's.
import { delMany, get, keys, set, update } from 'idb-keyval';
import { MATERIALS_CACHE, offlineStore, parseSavedFileUrl } from '#lib/offline/keys.ts';

const store = offlineStore();

/** An answer as last fetched, and when (ISO-8601). */
export interface Snapshot<T> {
  at: string;
  data: T;
}

/** A tick (or untick) made on this phone and not yet accepted by the server; `key` is its Idempotency-Key. */
export interface QueuedTick {
  key: string;
  course: string;
  material: string;
  completed: boolean;
  /** ISO-8601: when the student ticked; the server keeps the latest per material. */
  at: string;
}

const coursesKey = (student: string) => `courses:${student}`;
const materialsKey = (student: string, course: string) => `materials:${student}:${course}`;
const ticksKey = (student: string) => `ticks:${student}`;
const ownedBy = (student: string) => (key: IDBValidKey) =>
  typeof key === 'string' && (key === coursesKey(student) || key === ticksKey(student) || key.startsWith(`materials:${student}:`));

/** Whether this browser can keep anything (no IndexedDB or Cache Storage in some private windows). */
export const canKeep = () => typeof indexedDB !== 'undefined' && typeof caches !== 'undefined';

/** Quietly nothing where the browser keeps nothing: offline study is a help, never a failure. */
export async function safely<T>(work: () => Promise<T>, otherwise: T): Promise<T> {
  if (!canKeep()) return otherwise;
  try {
    return await work();
  } catch {
    return otherwise;
  }
}

export const keepSnapshot = <T>(student: string, what: { courses: true } | { course: string }, data: T) =>
  safely(
    () => set('courses' in what ? coursesKey(student) : materialsKey(student, what.course), { at: new Date().toISOString(), data }, store),
    undefined,
  );

export const snapshotOf = <T>(student: string, what: { courses: true } | { course: string }) =>
  safely(() => get<Snapshot<T>>('courses' in what ? coursesKey(student) : materialsKey(student, what.course), store), undefined);

/**
 * A tick the server has answered, laid over the course's kept list: the list then stays the server's
 * last known state, which the count of ticks waiting compares against.
 */
export const keepAnsweredTick = (student: string, tick: Pick<QueuedTick, 'course' | 'material' | 'completed'>) =>
  safely(async () => {
    const key = materialsKey(student, tick.course);
    const kept = await get<Snapshot<{ materials: { id: string; completed: boolean }[] }>>(key, store);
    if (!kept) return;
    const materials = kept.data.materials.map((m) => (m.id === tick.material ? { ...m, completed: tick.completed } : m));
    await set(key, { ...kept, data: { ...kept.data, materials } }, store);
  }, undefined);

// Ticks

export const queuedTicks = (student: string) => safely(async () => (await get<QueuedTick[]>(ticksKey(student), store)) ?? [], []);

/** Queues a tick, replacing one for the same material not yet sent: the later one is what the student meant. */
export const queueTick = (student: string, tick: QueuedTick) =>
  safely(
    () =>
      update<QueuedTick[]>(
        ticksKey(student),
        (queue = []) => [...queue.filter((queued) => !(queued.course === tick.course && queued.material === tick.material)), tick],
        store,
      ),
    undefined,
  );

/** Takes a tick off the queue once the server has answered it (by its key: a newer tick for the material stays). */
export const dequeueTick = (student: string, key: string) =>
  safely(() => update<QueuedTick[]>(ticksKey(student), (queue = []) => queue.filter((queued) => queued.key !== key), store), undefined);

// Saved files

/** A saved material: its course, and the bytes it takes with its poster. */
export interface SavedMaterial {
  course: string;
  material: string;
  bytes: number;
}

/** This student's saved materials. */
export const savedMaterials = (student: string) =>
  safely(async () => {
    const cache = await caches.open(MATERIALS_CACHE);
    const found = new Map<string, SavedMaterial>();
    for (const request of await cache.keys()) {
      const file = parseSavedFileUrl(new URL(request.url).pathname);
      if (!file || file.student !== student) continue;
      const bytes = Number((await cache.match(request))?.headers.get('content-length')) || 0;
      const entry = found.get(file.material) ?? { course: file.course, material: file.material, bytes: 0 };
      found.set(file.material, { ...entry, bytes: entry.bytes + bytes });
    }
    return [...found.values()];
  }, []);

/** Removes the student's saved files `which` picks (by course and material). */
const removeSavedWhere = (student: string, which: (file: { course: string; material: string }) => boolean) =>
  safely(async () => {
    const cache = await caches.open(MATERIALS_CACHE);
    for (const request of await cache.keys()) {
      const file = parseSavedFileUrl(new URL(request.url).pathname);
      if (file?.student === student && which(file)) await cache.delete(request);
    }
  }, undefined);

/** Removes saved materials of the student: all, those of one course, or one. */
export const removeSaved = (student: string, which: { course?: string; material?: string } = {}) =>
  removeSavedWhere(
    student,
    (file) => (!which.course || file.course === which.course) && (!which.material || file.material === which.material),
  );

/**
 * The next sync's rule: a saved material the server no longer lists for the course (retired, or
 * the enrolment ended) is removed.
 */
export const keepOnlyLive = (student: string, course: string, live: readonly string[]) =>
  removeSavedWhere(student, (file) => file.course === course && !live.includes(file.material));

/** Everything this feature kept for the student on this phone: saved files, answers, queued ticks. */
export const removeEverything = (student: string) =>
  safely(async () => {
    await removeSaved(student);
    await delMany((await keys(store)).filter(ownedBy(student)), store);
  }, undefined);
