// The icon at the right of a field (docs/product.md#form-fields): error, success or loading. It repeats what the text
// and aria-invalid already say, so assistive technology skips it (aria-hidden).
import type { FieldStatus } from './use-field-view.ts';
import './forms.css';

export function StatusIcon({ status }: { status: FieldStatus }) {
  if (status === 'none') return null;
  if (status === 'loading') return <span className="field-icon field-icon-loading" aria-hidden="true" />;
  return (
    <svg className={`field-icon field-icon-${status}`} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      {status === 'error' ? (
        <path d="M10 5.5v5.5M10 13.6v.9" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="m6 10.3 2.7 2.7L14 7.6" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}

/** A small tick: a hint that is met (FieldShell), the chosen option of a select. */
export function CheckMark({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="m3 8.5 3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
