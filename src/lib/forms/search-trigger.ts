// The search field's timing (docs/product.md#form-fields and docs/product.md#limits-and-timings): a search fires 250 ms after the typing stops, at once on
// Enter, and at once with '' when the box is emptied, so results are cleared without waiting. The
// same query never fires twice in a row, so Enter after the debounce has fired does nothing new.
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchTrigger {
  /** The text changed. */
  input(text: string): void;
  /** Enter was pressed. */
  submit(text: string): void;
  /** The field is going away: drop a pending search. */
  cancel(): void;
}

export function createSearchTrigger(onSearch: (query: string) => void, delayMs = SEARCH_DEBOUNCE_MS, initialQuery = ''): SearchTrigger {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = initialQuery.trim();

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const fire = (text: string) => {
    cancel();
    const query = text.trim();
    if (query === last) return;
    last = query;
    onSearch(query);
  };

  return {
    input(text) {
      cancel();
      if (!text.trim()) fire('');
      else timer = setTimeout(() => fire(text), delayMs);
    },
    submit: fire,
    cancel,
  };
}
