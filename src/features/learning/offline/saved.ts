// What is saved on this phone for offline study, by material (docs/product.md#offline-study): read
// by My courses ('Saved on this phone') and the course page, and removing it; saving is ./saving.ts's.
import { atom } from 'nanostores';
import { removeSaved, savedMaterials, type SavedMaterial } from './store.ts';

/** The student's saved materials, by material id. */
export const $saved = atom<Record<string, SavedMaterial>>({});

export async function refreshSaved(student: string) {
  $saved.set(Object.fromEntries((await savedMaterials(student)).map((saved) => [saved.material, saved])));
}

export async function removeFromPhone(student: string, which: { course?: string; material?: string }) {
  await removeSaved(student, which);
  await refreshSaved(student);
}
