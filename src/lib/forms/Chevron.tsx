import './select-field.css';

/** The kit's down chevron: the custom selects' and the month select's (select-field.css). */
export function Chevron({ className }: { className?: string }) {
  return (
    <svg
      className={['field-select-chevron', className].filter(Boolean).join(' ')}
      viewBox="0 0 14 9"
      width="14"
      height="9"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m1 1 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
