// A search box (docs/product.md#form-fields and docs/product.md#limits-and-timings): fires 250 ms after typing stops, at once on Enter, and at once with ''
// when emptied. It is not a form field: it shows no validation message, and it lives in a search
// landmark so it can be found with a screen reader's landmark list.
import { useEffect, useId, useRef, useState } from 'react';
import { createSearchTrigger, SEARCH_DEBOUNCE_MS, type SearchTrigger } from './search-trigger.ts';
import './forms.css';

export interface SearchFieldProps {
  label: string;
  onSearch: (query: string) => void;
  placeholder?: string;
  defaultValue?: string;
  debounceMs?: number;
}

export function SearchField({ label, onSearch, placeholder, defaultValue = '', debounceMs = SEARCH_DEBOUNCE_MS }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(defaultValue);
  // The latest onSearch, so the trigger (and its pending timer) survives a parent's re-render.
  const onSearchRef = useRef(onSearch);
  const triggerRef = useRef<SearchTrigger | null>(null);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);
  useEffect(() => {
    const trigger = createSearchTrigger((query) => onSearchRef.current(query), debounceMs, defaultValue);
    triggerRef.current = trigger;
    return () => trigger.cancel();
  }, [debounceMs, defaultValue]);

  return (
    <div className="field field-search" role="search">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-box">
        <svg
          className="field-search-icon"
          viewBox="0 0 20 20"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4.5 4.5" />
        </svg>
        <input
          id={id}
          className="field-control"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            triggerRef.current?.input(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Inside another form, Enter would submit that form; here it means 'search now'.
            event.preventDefault();
            triggerRef.current?.submit(event.currentTarget.value);
          }}
        />
      </div>
    </div>
  );
}
