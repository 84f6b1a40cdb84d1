// How many of the ticks waiting on the phone change something (docs/product.md#offline-study): the
// queue keeps one tick per material, the last one made, so a tick then an untick waits as an untick
// that leaves the material as the server last had it. The page counts only the materials whose
// queued state differs from that; the queue still sends them all (the server may have changed since).
import type { QueuedTick } from './store.ts';

/**
 * The queued ticks that differ from the server's last known state (`known`: a material's completed
 * as last fetched or answered, undefined when never seen, which counts as a change).
 */
export const pendingTicks = (
  queue: readonly Pick<QueuedTick, 'course' | 'material' | 'completed'>[],
  known: (course: string, material: string) => boolean | undefined,
) => queue.filter((tick) => known(tick.course, tick.material) !== tick.completed).length;
