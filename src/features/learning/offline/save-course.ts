// Saving a course's materials on the phone, one after another, with the progress over all of them
// (docs/product.md#offline-study). Fetched when a student first presses 'Save' (./saving.ts), not
// with the course page: most visits only study.
import { toast } from '#lib/toast/store.ts';
import { dashboardCoursePath } from '../links.ts';
import { type SavingMaterial } from './save-progress.ts';
import { $saved, refreshSaved } from './saved.ts';
import { $saving, bytesOf, offlineFile, SAVE_FAILED_TEXT, type SavableMaterial } from './saving.ts';
import { keepPages } from './keep-pages.ts';
import { canKeep } from './store.ts';

/**
 * Saves each material not yet saved, one after another, telling the bytes of each; the page shows
 * the progress over all of them (progressOver), so the course is saved in one sweep.
 */
export async function saveCourse(student: string, course: string, materials: readonly SavableMaterial[]) {
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
