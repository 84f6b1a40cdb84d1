import { describe, expect, it } from 'vitest';
import { pageNumbers } from './page-numbers.ts';

describe('pageNumbers', () => {
  it('shows nothing when there are no pages', () => {
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it('shows every page when there are few', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 2)).toEqual([1, 2]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first, the last and one page either side of the current one', () => {
    expect(pageNumbers(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageNumbers(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageNumbers(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('shows a single left-out page rather than a gap', () => {
    expect(pageNumbers(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageNumbers(8, 10)).toEqual([1, 'gap', 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageNumbers(0, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageNumbers(9, 5)).toEqual([1, 'gap', 4, 5]);
  });

  it('never repeats a page and always ascends', () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const numbers = pageNumbers(current, total).filter((item) => item !== 'gap');
        expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
      }
    }
  });
});
