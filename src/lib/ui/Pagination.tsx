// A pagination control (docs/product.md#course-pages): previous and next, the page numbers with one
// margin page (see page-numbers.ts), the current page marked for assistive technology, and a native
// per-page choice. Every control is a real button or select, so the keyboard works as it always does,
// and every target is at least 44 px.
import { useId } from 'react';
import { pageNumbers } from './page-numbers.ts';
import './Pagination.css';

const PER_PAGE_CHOICES = [10, 20, 50] as const;

export interface PaginationProps {
  /** Names the navigation landmark, e.g. 'Related courses pages'. */
  label: string;
  page: number;
  totalPages: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  /** While a page loads, the controls stay where they are but do nothing. */
  busy?: boolean;
}

export function Pagination({ label, page, totalPages, perPage, onPageChange, onPerPageChange, busy = false }: PaginationProps) {
  const selectId = useId();
  const items = pageNumbers(page, totalPages);
  const go = (target: number) => {
    if (!busy && target !== page && target >= 1 && target <= totalPages) onPageChange(target);
  };
  const choices: readonly number[] = PER_PAGE_CHOICES.includes(perPage as (typeof PER_PAGE_CHOICES)[number])
    ? PER_PAGE_CHOICES
    : [...PER_PAGE_CHOICES, perPage].sort((a, b) => a - b);

  return (
    <nav className="pagination" aria-label={label}>
      {totalPages > 0 && (
        <ul className="pagination-pages">
          <li>
            <button type="button" className="pagination-step" onClick={() => go(page - 1)} disabled={page <= 1}>
              <span aria-hidden="true">‹</span> Previous<span className="visually-hidden"> page</span>
            </button>
          </li>
          {items.map((item, i) =>
            item === 'gap' ? (
              <li key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  className="pagination-page"
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={`Page ${item}`}
                  onClick={() => go(item)}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className="pagination-step" onClick={() => go(page + 1)} disabled={page >= totalPages}>
              Next<span className="visually-hidden"> page</span> <span aria-hidden="true">›</span>
            </button>
          </li>
        </ul>
      )}
      <div className="pagination-size">
        <label htmlFor={selectId}>Per page</label>
        <select id={selectId} value={perPage} disabled={busy} onChange={(event) => onPerPageChange(Number(event.target.value))}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
