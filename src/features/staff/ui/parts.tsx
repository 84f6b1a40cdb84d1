// Small pieces every console page shares: the loading and failure lines, a status badge, dates.
import type { ReactNode } from 'react';
import { formatDate, formatNaira, formatTime } from '#lib/format.ts';

export function LoadState({ busy, error, children }: { busy: boolean; error: string | null; children: ReactNode }) {
  if (error)
    return (
      <p className="staff-error" role="alert">
        {error}
      </p>
    );
  return (
    <div aria-busy={busy}>
      {busy && (
        <p className="staff-muted" role="status">
          Loading…
        </p>
      )}
      {children}
    </div>
  );
}

export const Badge = ({ value }: { value: string }) => (
  <span className={`staff-badge staff-badge-${value.replace(/[^a-z_]/g, '')}`}>{value.replace('_', ' ')}</span>
);

export const when = (iso: string | null | undefined) => (iso ? `${formatDate(iso)}, ${formatTime(iso)}` : '—');
export const naira = (amount: string) => formatNaira(amount);
export const fullName = (person: { first_name?: string | null; last_name?: string | null; email: string }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ') || person.email;

/** A table's box: it scrolls sideways when the table is wider, so it can be reached and scrolled by keyboard. */
export const TableBox = ({ label, children }: { label: string; children: ReactNode }) => (
  // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
  <div className="staff-table-wrap" role="region" aria-label={label} tabIndex={0}>
    {children}
  </div>
);
