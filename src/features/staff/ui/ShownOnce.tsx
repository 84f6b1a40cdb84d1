// Codes shown once (a member's recovery codes, a scholarship's new codes): the list, Copy, and
// whatever else the page offers beside it (a download, the way on).
import type { ReactNode } from 'react';
import { toast } from '#lib/toast/store.ts';

interface ShownOnceProps {
  codes: readonly string[];
  /** The list's accessible name, where the heading above does not say it. */
  label?: string;
  testId?: string;
  /** The toast once copied, e.g. 'Codes copied.'. */
  copied: string;
  children: ReactNode;
}

export function ShownOnce({ codes, label, testId, copied, children }: ShownOnceProps) {
  const copy = () =>
    navigator.clipboard.writeText(`${codes.join('\n')}\n`).then(
      () => toast.success(copied),
      () => toast.error('Could not copy: select the codes and copy them.'),
    );
  return (
    <>
      <ul className="staff-codes" aria-label={label} data-testid={testId}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="staff-actions">
        <button type="button" className="btn btn-outline" onClick={() => void copy()}>
          Copy
        </button>
        {children}
      </div>
    </>
  );
}
