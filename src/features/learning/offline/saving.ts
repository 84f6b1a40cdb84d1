// Saving a course's materials on the phone, as the course page and My courses show it
// (docs/product.md#offline-study): what is saved (and the bytes it takes), what is being saved
// (bytes so far of how many), whether the browser is online, and which file of a video lesson is
// kept (one rendition: ../video-settings.ts holds the student's choice). What is saved is in
// ./saved.ts, which My courses reads without loading any of this.
import { atom } from 'nanostores';
import { toast } from '#lib/toast/store.ts';
import { dashboardCoursePath } from '../links.ts';
import { offlineHeight, type Rendition } from '../renditions.ts';
import { $offlineQuality, savingData } from '../video-settings.ts';
import { type SavingMaterial } from './save-progress.ts';
import { $saved, refreshSaved } from './saved.ts';
import { canKeep, keepPages, removeSaved } from './store.ts';

/**
 * Materials being saved now. One that is done stays until every material started with it is done,
 * so the progress over all of them only ever moves forward.
 */
export const $saving = atom<Record<string, SavingMaterial>>({});
export const $online = atom(typeof navigator === 'undefined' ? true : navigator.onLine);

if (typeof window !== 'undefined') {
  addEventListener('online', () => $online.set(true));
  addEventListener('offline', () => $online.set(false));
}

const SAVE_FAILED_TEXT = 'This material could not be saved. Check your connection and try again.';

/** A material as the course page lists it: its signed links and sizes. */
export interface SavableMaterial {
  id: string;
  url: string;
  poster_url: string | null;
  size: number | null;
  poster_size: number | null;
  /** A video lesson's renditions: saving keeps one of them. */
  renditions?: readonly Rendition[];
}

/**
 * The file saving a material keeps: one rendition of a video lesson (the quality chosen for offline
 * saving; else 360p, or 240p when saving data), else the material's one file.
 */
export function offlineFile(material: SavableMaterial): { url: string; size: number | null; height?: number } {
  const renditions = material.renditions ?? [];
  const height = offlineHeight(
    renditions.map((r) => r.height),
    $offlineQuality.get(),
    savingData(),
  );
  const rendition = renditions.find((r) => r.height === height);
  return rendition ?? material;
}

/** What saving a material takes: its file (a lesson's one rendition) and a video's poster. */
export const bytesOf = (material: SavableMaterial) => (offlineFile(material).size ?? 0) + (material.poster_size ?? 0);

/**
 * Saves each material not yet saved, one after another, telling the bytes of each; the page shows
 * the progress over all of them (progressOver), so the course is saved in one sweep.
 */
export async function saveForOffline(student: string, course: string, materials: readonly SavableMaterial[]) {
  if (!canKeep()) return;
  const waiting = materials.filter((m) => !$saved.get()[m.id] && !$saving.get()[m.id]);
  if (!waiting.length) return;
  $saving.set({ ...$saving.get(), ...Object.fromEntries(waiting.map((m) => [m.id, { loaded: 0, total: bytesOf(m), done: false }])) });
  // The course page itself and its scripts, so it opens offline however the student reached it.
  void keepPages([dashboardCoursePath(course)]);
  // The code that fetches and keeps the files comes with the first press, not with the pages; if it
  // cannot be fetched, each material says it could not be saved, as a failed file does.
  const fileSaving = import('./save-file.ts');
  for (const material of waiting) {
    const update = (change: (now: SavingMaterial) => SavingMaterial) => {
      const now = $saving.get()[material.id];
      if (now) $saving.set({ ...$saving.get(), [material.id]: change(now) });
    };
    try {
      const { saveFile } = await fileSaving;
      await saveFile({ student, course, material: material.id, url: offlineFile(material).url, posterUrl: material.poster_url }, (bytes) =>
        update((now) => ({ ...now, loaded: now.loaded + bytes })),
      );
    } catch {
      toast.error(SAVE_FAILED_TEXT);
    }
    update((now) => ({ ...now, done: true }));
    await refreshSaved(student);
  }
  // All done (this sweep and any started beside it): the progress is over.
  if (Object.values($saving.get()).every((s) => s.done)) $saving.set({});
}

export async function removeFromPhone(student: string, which: { course?: string; material?: string }) {
  await removeSaved(student, which);
  await refreshSaved(student);
}
