// The progress of saving a course for offline study (docs/product.md#offline-study): bytes done of
// the total of everything being saved, as one bar that only moves forward (not one per file).

/** A material being saved: bytes arrived and expected, and whether it is done (saved or failed). */
export interface SavingMaterial {
  loaded: number;
  total: number;
  done: boolean;
}

/**
 * The progress over everything being saved: bytes done of the total, where a material done counts
 * whole and one under way counts at most its expected size (a file may be bigger than the server
 * said). With the materials fixed at the start, neither figure ever goes back.
 */
export function progressOver(saving: Record<string, SavingMaterial>): { loaded: number; total: number } {
  let loaded = 0;
  let total = 0;
  for (const { loaded: arrived, total: expected, done } of Object.values(saving)) {
    loaded += done ? expected : Math.min(arrived, expected);
    total += expected;
  }
  return { loaded, total };
}
