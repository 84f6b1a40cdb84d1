// The frame every kit field shares: a visible <label> bound to the control, the control with its
// status icon at the right, an optional hint, and the message under it. The message element is a
// polite live region, so a message that appears after leaving a field is read out too.
import type { ReactNode } from 'react';
import { CheckMark, StatusIcon } from './StatusIcon.tsx';
import type { FieldShellView } from './use-field-view.ts';
import './forms.css';

export interface FieldShellProps extends FieldShellView {
  label: string;
  /** An id for the visible label, for controls named by aria-labelledby (the custom select). */
  labelId?: string;
  hint?: ReactNode;
  /** Shows a check mark before the hint once the value satisfies it (the password hint of docs/product.md#settings-page). */
  hintMet?: boolean;
  disabled?: boolean;
  /** Something fixed before the control inside its box, e.g. the phone field's +234. */
  prefix?: ReactNode;
  /** Something after the status icon inside the box, e.g. the password visibility toggle. */
  suffix?: ReactNode;
  /** Something under the field's message, e.g. a 'Forgot your Password?' link: a message stays next to its box. */
  after?: ReactNode;
  /** Something after the hint, before the message, e.g. a new password's list of rules. */
  details?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function FieldShell(props: FieldShellProps) {
  const {
    label,
    labelId,
    inputId,
    messageId,
    hintId,
    message,
    status,
    hint,
    hintMet,
    disabled,
    prefix,
    suffix,
    after,
    details,
    className,
    children,
  } = props;
  return (
    <div className={['field', className].filter(Boolean).join(' ')} data-status={status} data-disabled={disabled || undefined}>
      <label className="field-label" id={labelId} htmlFor={inputId}>
        {label}
      </label>
      <div className="field-box">
        {prefix}
        {children}
        <StatusIcon status={status} />
        {suffix}
      </div>
      {hint && (
        <p className="field-hint" id={hintId} data-met={hintMet || undefined}>
          {hintMet && <CheckMark className="field-hint-check" />}
          {hint}
        </p>
      )}
      {details}
      <p className="field-message" id={messageId} aria-live="polite">
        {message}
      </p>
      {after}
    </div>
  );
}
