import { describe, expect, it } from 'vitest';
import { isStaffPath } from './keys.ts';

describe('isStaffPath', () => {
  it('names the console and its pages, and nothing else', () => {
    expect(['/staff', '/staff/', '/staff/login', '/staff/students/view'].every(isStaffPath)).toBe(true);
    expect(['/', '/staffroom', '/dashboard', '/courses/staff'].some(isStaffPath)).toBe(false);
  });
});
