// The ticks queued on the phone (docs/product.md#offline-study): sending them, oldest first, when a
// page where a student learns opens, when the connection returns and when the service worker asks;
// how many still wait; and what the server answered. My courses sends them too, so this lives apart
// from the course page's store (../stores.ts), which My courses does not load: the course page hears
// of each answered tick through onTickSettled.
import { atom } from 'nanostores';
import { isApiError } from '#lib/errors.ts';
import { $session } from '#lib/session.ts';
import { learningApi } from '../api.ts';
import type { CourseMaterials, Material } from '../schemas.ts';
import { pendingTicks } from './pending-ticks.ts';
import { dequeueTick, keepAnsweredTick, queuedTicks, snapshotOf, type QueuedTick } from './store.ts';

type AnsweredTick = Pick<QueuedTick, 'course' | 'material' | 'completed'>;

/**
 * Ticks the server answered, in order. A list asked for before an answer may come back after it,
 * without the tick (a tick sent while the list was on its way): the answers since the list was asked
 * for are laid over it.
 */
export const answered: AnsweredTick[] = [];

/**
 * A queued tick that could not be sent for now stays queued: no connection, an ended session (sent
 * once the student is back), the server busy or failing (408, 429, 5xx), an answer it could not
 * read. One the server refused for good (the material retired, not enrolled, a bad request) is dropped.
 */
const waitsInQueue = (error: unknown) =>
  !isApiError(error) || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;

/** Ticks waiting for a connection, of the student signed in: the course page says how many. */
export const $queuedTicks = atom(0);

/** Counts the queued ticks that change a material from the server's last known state (kept with each course's list). */
export async function countQueued(student: string) {
  const queue = await queuedTicks(student);
  const known = new Map<string, Material[]>();
  for (const course of new Set(queue.map((tick) => tick.course)))
    known.set(course, (await snapshotOf<CourseMaterials>(student, { course }))?.data.materials ?? []);
  $queuedTicks.set(pendingTicks(queue, (course, material) => known.get(course)?.find((m) => m.id === material)?.completed));
}

let showSettled: ((tick: AnsweredTick) => void) | null = null;

/** The course page shows each answered tick on its list (a later tick from another device may win). */
export function onTickSettled(show: (tick: AnsweredTick) => void) {
  showSettled = show;
}

/** A tick the server has answered: the state that stands (a later tick from another device may win). */
export async function settled(student: string, tick: QueuedTick, completed: boolean) {
  const answer = { course: tick.course, material: tick.material, completed };
  answered.push(answer);
  await keepAnsweredTick(student, answer);
  showSettled?.(answer);
}

/** A registration where the browser has Background Sync (Chromium; not in the DOM's types). */
type WithSync = ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } };

/** Where the browser has Background Sync, it wakes the service worker when the connection is back. */
export async function askForBackgroundSync() {
  const registration = await navigator.serviceWorker?.ready.catch(() => null);
  if (registration && 'sync' in registration) await (registration as WithSync).sync.register('ticks').catch(() => undefined);
}

let sending: Promise<void> | null = null;

/**
 * Sends the ticks queued on this phone, oldest first, each with its key (the server counts each
 * once). Stops at the first that cannot reach the server; drops one the server refuses (the
 * material retired, the enrolment ended).
 */
export function sendQueuedTicks(): Promise<void> {
  sending ??= (async () => {
    const student = $session.get()?.user.id ?? null;
    if (!student) return;
    for (const tick of await queuedTicks(student)) {
      try {
        const { data } = await learningApi.sendTick(tick, { quiet: true });
        await dequeueTick(student, tick.key);
        await settled(student, tick, data.completed);
      } catch (error) {
        if (waitsInQueue(error)) break;
        await dequeueTick(student, tick.key);
      }
    }
    await countQueued(student);
  })().finally(() => {
    sending = null;
  });
  return sending;
}
