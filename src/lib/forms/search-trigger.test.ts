import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchTrigger, SEARCH_DEBOUNCE_MS } from './search-trigger.ts';

describe('createSearchTrigger', () => {
  const onSearch = vi.fn<(query: string) => void>();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    onSearch.mockReset();
  });

  it('fires 250 ms after the last keystroke, once, with the trimmed text', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(250);
    const trigger = createSearchTrigger(onSearch);
    trigger.input('d');
    vi.advanceTimersByTime(200);
    trigger.input('dra ');
    vi.advanceTimersByTime(249);
    expect(onSearch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSearch.mock.calls).toEqual([['dra']]);
  });

  it('fires at once on Enter and drops the pending debounce', () => {
    const trigger = createSearchTrigger(onSearch);
    trigger.input('draping');
    trigger.submit('draping');
    expect(onSearch.mock.calls).toEqual([['draping']]);
    vi.advanceTimersByTime(1000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it("clears at once with '' when the box is emptied", () => {
    const trigger = createSearchTrigger(onSearch, SEARCH_DEBOUNCE_MS, 'tailoring');
    trigger.input('tailor');
    trigger.input('');
    expect(onSearch.mock.calls).toEqual([['']]);
    vi.advanceTimersByTime(1000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('does not repeat the query it fired last', () => {
    const trigger = createSearchTrigger(onSearch);
    trigger.input('silk');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    trigger.submit('silk ');
    expect(onSearch.mock.calls).toEqual([['silk']]);
  });

  it('fires nothing after cancel', () => {
    const trigger = createSearchTrigger(onSearch);
    trigger.input('lace');
    trigger.cancel();
    vi.advanceTimersByTime(1000);
    expect(onSearch).not.toHaveBeenCalled();
  });
});
