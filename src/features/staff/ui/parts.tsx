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
