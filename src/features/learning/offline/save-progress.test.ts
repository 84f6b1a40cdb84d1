// Saving a course shows one progress over all its materials: the total stays the course's from the
// first byte, and the bytes done never go back as one file ends and the next begins.
import { describe, expect, it } from 'vitest';
import { progressOver, type SavingMaterial } from './save-progress.ts';

const sizes = { m1: 87_000, m2: 37_000, m3: 55_000 };
const at = (loaded: Partial<Record<keyof typeof sizes, number | 'done'>>): Record<string, SavingMaterial> =>
  Object.fromEntries(
    Object.entries(sizes).map(([id, total]) => {
      const now = loaded[id as keyof typeof sizes] ?? 0;
      return [id, now === 'done' ? { loaded: total, total, done: true } : { loaded: now, total, done: false }];
    }),
  );

describe('the progress of saving a course', () => {
  it('counts bytes done of the whole course, forward only, as one file ends and the next begins', () => {
    const steps = [
      at({}),
      at({ m1: 35_000 }),
      at({ m1: 'done' }),
      at({ m1: 'done', m2: 18_000 }),
      at({ m1: 'done', m2: 'done', m3: 2_000 }),
    ];
    const seen = steps.map(progressOver);
    expect(seen.map((s) => s.total)).toEqual(Array(steps.length).fill(179_000));
    expect(seen.map((s) => s.loaded)).toEqual([0, 35_000, 87_000, 105_000, 126_000]);
  });

  it('never counts more than a file was expected to take, nor less once it is done (saved or failed)', () => {
    expect(progressOver({ m1: { loaded: 120_000, total: 87_000, done: false } })).toEqual({ loaded: 87_000, total: 87_000 });
    expect(progressOver({ m1: { loaded: 10_000, total: 87_000, done: true } })).toEqual({ loaded: 87_000, total: 87_000 });
    expect(progressOver({})).toEqual({ loaded: 0, total: 0 });
  });
});
