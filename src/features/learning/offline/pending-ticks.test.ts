// The count the course page gives of ticks waiting on the phone: materials whose queued state
// differs from the server's last known one, not every tick made.
import { describe, expect, it } from 'vitest';
import { pendingTicks } from './pending-ticks.ts';

const server: Record<string, boolean> = { m1: false, m2: false, m3: false, m4: true };
const known = (course: string, material: string) => (course === 'c1' ? server[material] : undefined);
const tick = (material: string, completed: boolean, course = 'c1') => ({ course, material, completed });

describe('ticks waiting on the phone', () => {
  it('counts each material ticked or unticked away from the server state', () => {
    expect(pendingTicks([tick('m1', true), tick('m2', true), tick('m4', false)], known)).toBe(3);
  });

  it('does not count a tick then an untick (queued as the untick): the material is as the server has it', () => {
    // Offline: m1 and m2 ticked, m3 ticked then unticked; the queue holds m3's last state only.
    expect(pendingTicks([tick('m1', true), tick('m2', true), tick('m3', false)], known)).toBe(2);
    expect(pendingTicks([tick('m4', true)], known)).toBe(0);
  });

  it('counts a tick for a material the phone never saw as a change', () => {
    expect(pendingTicks([tick('m9', false), tick('m1', true, 'c2')], known)).toBe(2);
  });
});
