import { describe, expect, it } from 'vitest';
import { tabIndexAfterKey } from './tab-keys.ts';

describe('tabIndexAfterKey', () => {
  it('moves with the arrows, wrapping around', () => {
    expect(tabIndexAfterKey('ArrowDown', 0, 3)).toBe(1);
    expect(tabIndexAfterKey('ArrowDown', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('ArrowUp', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('ArrowRight', 1, 3)).toBe(2);
    expect(tabIndexAfterKey('ArrowLeft', 1, 3)).toBe(0);
  });
  it('goes to the ends with Home and End, and ignores other keys', () => {
    expect(tabIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('Enter', 1, 3)).toBeNull();
  });
});
