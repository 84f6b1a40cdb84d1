// A paged list whose page, size and filters live in the address, so a filtered page can be linked
// to, reloaded and gone back to.
import { useCallback, useState } from 'react';
import { Pagination } from '#lib/ui/Pagination.tsx';

export function useListQuery<F extends Record<string, string>>(filters: F) {
  const [state, setState] = useState(() => {
    const params = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search);
    const read = Object.fromEntries(Object.keys(filters).map((key) => [key, params.get(key) ?? filters[key]])) as F;
    return { ...read, page: Number(params.get('page')) || 1, per_page: Number(params.get('per_page')) || 20 };
  });
  const update = useCallback((change: Partial<F & { page: number; per_page: number }>) => {
    setState((previous) => {
      // A new filter starts from the first page.
      const next = { ...previous, page: 1, ...change };
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(next) as [string, unknown][])
        if (value !== '' && !(key === 'page' && value === 1) && !(key === 'per_page' && value === 20)) params.set(key, String(value));
      history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
      return next;
    });
  }, []);
  return [state, update] as const;
}

interface FilterSelectProps {
  label: string;
  value: string;
  /** Each choice's value and the text shown for it. */
  options: readonly (readonly [value: string, text: string])[];
  onChange: (value: string) => void;
}

/** One of a list's filters: a labelled select whose first choice, 'All', filters nothing. */
export const FilterSelect = ({ label, value, options, onChange }: FilterSelectProps) => (
  <label>
    {label}
    <select value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">All</option>
      {options.map(([choice, text]) => (
        <option key={choice} value={choice}>
          {text}
        </option>
      ))}
    </select>
  </label>
);

interface ListPagerProps {
  label: string;
  query: { page: number; per_page: number };
  totalPages: number;
  busy: boolean;
  update: (change: { page?: number; per_page?: number }) => void;
}

/** The kit's pagination, bound to a list's query. */
export const ListPager = ({ label, query, totalPages, busy, update }: ListPagerProps) => (
  <Pagination
    label={label}
    page={query.page}
    totalPages={totalPages}
    perPage={query.per_page}
    busy={busy}
    onPageChange={(page) => update({ page })}
    onPerPageChange={(per_page) => update({ per_page })}
  />
);
