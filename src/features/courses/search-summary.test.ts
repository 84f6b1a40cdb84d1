import { describe, expect, it } from 'vitest';
import { searchSummary } from './search-summary.ts';

describe('searchSummary', () => {
  it('counts the courses that match, naming the words', () => {
    expect(searchSummary(3, 'pattern')).toBe('3 courses match “pattern”');
    expect(searchSummary(1, 'aso-oke')).toBe('1 course matches “aso-oke”');
    expect(searchSummary(1200, 'a')).toBe('1,200 courses match “a”');
  });

  it('says that no course matches, and what to do, rather than that there are none', () => {
    expect(searchSummary(0, 'velvet capes')).toBe(
      'No course matches “velvet capes”. Try other words, or clear the search to see every course.',
    );
  });
});
