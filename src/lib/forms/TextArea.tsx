// A multi-line text bound to a form field (the contact message). It grows with the text up to a
// limit, via CSS field-sizing where the browser has it, so long messages stay readable.
import type { ReactNode } from 'react';
import { FieldShell } from './FieldShell.tsx';
import { useFieldView } from './use-field-view.ts';

export interface TextAreaProps {
  label: string;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
}

export function TextArea({ label, placeholder, rows = 5, maxLength, required, disabled, hint }: TextAreaProps) {
  const view = useFieldView<string>({ hint: !!hint });
  return (
    <FieldShell label={label} {...view.shell} hint={hint} disabled={disabled} className="field-textarea">
      <textarea
        {...view.controlProps}
        className="field-control"
        value={view.value}
        onChange={(event) => view.change(event.target.value)}
        placeholder={placeholder}
        rows={rows}
        maxLength={maxLength}
        required={required}
        disabled={disabled}
      />
    </FieldShell>
  );
}
