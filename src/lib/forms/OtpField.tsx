// The one-time-code entry (docs/product.md#auth-routes): a configurable number of boxes, one digit
// each. Typing moves to the next box, Backspace on an empty box goes back and empties it, the arrow
// keys move, a pasted code (or a phone's autofill) fills the boxes, and the first box takes focus
// when the form opens. The field's value is the digits as one string.
import { useEffect, useRef, type ClipboardEvent, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { clearDigit, enterDigits } from './otp-input.ts';
import { StatusIcon } from './StatusIcon.tsx';
import './otp-field.css';
import { useFieldView } from './use-field-view.ts';

export interface OtpFieldProps {
  label: string;
  /** How many boxes (6 for this site's codes). */
  length?: number;
  /** Focus the first box on load (default true: the code is what the page is for). */
  focusFirst?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
}

export function OtpField({ label, length = 6, focusFirst = true, disabled, hint }: OtpFieldProps) {
  const view = useFieldView<string>({ hint: !!hint });
  const value = view.value ?? '';
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const { inputId, messageId, hintId, message, status } = view.shell;
  const legendId = `${inputId}-legend`;

  useEffect(() => {
    // Not from a person already typing in this form: a form that waited for a person (client:interaction)
    // goes live as they type, and their typing, replayed (typed-before-ready.ts), has moved on.
    const active = document.activeElement;
    const typing = active instanceof HTMLInputElement && !!active.form && active.form === boxes.current[0]?.form;
    if (focusFirst && !typing) boxes.current[0]?.focus();
  }, [focusFirst]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, length - 1))];
    box?.focus();
    box?.select();
  };

  // Keys can arrive faster than React renders: read the field's value as it is now, not as last drawn.
  const current = (): string => view.field.state.value ?? '';

  const write = (index: number, text: string) => {
    const entered = enterDigits(current(), index, text, length);
    view.change(entered.value);
    focusBox(entered.focus);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !(current()[index] ?? '').trim() && index > 0) {
      event.preventDefault();
      view.change(clearDigit(current(), index - 1, length));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + (event.key === 'ArrowLeft' ? -1 : 1));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusBox(event.key === 'Home' ? 0 : length - 1);
    }
  };

  const onChange = (index: number, typed: string) => {
    if (!typed) {
      view.change(clearDigit(current(), index, length));
      return;
    }
    // The box held a digit and the new one was typed beside it: keep only the new one.
    const old = (current()[index] ?? '').trim();
    write(index, old && typed.length === 2 && typed.includes(old) ? typed.replace(old, '') || old : typed);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    write(index, event.clipboardData.getData('text'));
  };

  // The field counts as left only when focus leaves all of its boxes with something typed in them:
  // stepping out to 'Resend code' before typing is not a mistake worth a message (submitting still
  // shows it).
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (boxes.current.includes(event.relatedTarget as HTMLInputElement | null)) return;
    if (current().trim()) view.controlProps.onBlur();
  };

  const describedBy = [hint ? hintId : undefined, message ? messageId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset
      className="field field-otp"
      data-status={status}
      data-disabled={disabled || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      <legend className="field-label" id={legendId}>
        {label}
      </legend>
      <div className="otp-boxes">
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(box) => {
              boxes.current[index] = box;
            }}
            id={index === 0 ? inputId : undefined}
            name={index === 0 ? view.controlProps.name : undefined}
            className="field-control otp-box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={!!message}
            value={(value[index] ?? '').trim()}
            onChange={(event) => onChange(index, event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            data-own-paste
            onFocus={(event) => event.target.select()}
            onBlur={onBlur}
          />
        ))}
        <StatusIcon status={status} />
      </div>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <p className="field-message" id={messageId} aria-live="polite">
        {message}
      </p>
    </fieldset>
  );
}
