import { afterEach, describe, expect, it } from 'vitest';
import { localIsoDate } from './local-date.ts';

describe('localIsoDate', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("gives the visitor's calendar day, not the UTC one", () => {
    process.env.TZ = 'Africa/Lagos';
    // 00:30 on 2 March in Lagos is still 1 March in UTC.
    const justAfterMidnight = new Date('2026-03-01T23:30:00Z');
    expect(justAfterMidnight.toISOString().slice(0, 10)).toBe('2026-03-01');
    expect(localIsoDate(justAfterMidnight)).toBe('2026-03-02');
  });

  it('pads month and day to the YYYY-MM-DD of <input type="date">', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 12))).toBe('2026-01-05');
  });
});
