// Saving a course's materials on the phone, as the course page and My courses show it
// (docs/product.md#offline-study): what is saved (and the bytes it takes), what is being saved
// (bytes so far of how many), whether the browser is online, and which file of a video lesson is
// kept (one rendition: ../video-settings.ts holds the student's choice). What is saved is in
// ./saved.ts, which My courses reads without loading any of this; the saving itself is
// ./save-course.ts, fetched with the first press.
import { atom } from 'nanostores';
import { toast } from '#lib/toast/store.ts';
import { offlineHeight, type Rendition } from '../renditions.ts';
import { $offlineQuality, savingData } from '../video-settings.ts';
import { type SavingMaterial } from './save-progress.ts';

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

export const SAVE_FAILED_TEXT = 'This material could not be saved. Check your connection and try again.';

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
 * Saves each material not yet saved (./save-course.ts). Its code, and keeping the course page with
 * its scripts, comes with the first press, not with the page; if it cannot be fetched, the page
 * says the material could not be saved, as a failed file does.
 */
export const saveForOffline = (student: string, course: string, materials: readonly SavableMaterial[]) =>
  import('./save-course.ts').then(
    ({ saveCourse }) => saveCourse(student, course, materials),
    () => toast.error(SAVE_FAILED_TEXT),
  );
