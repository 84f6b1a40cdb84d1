// A one-line text input bound to a form field: label, placeholder, type and autocomplete as given;
// the message under it once it has been left in error; the status icon at the right.
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactNode } from 'react';
import { FieldShell } from './FieldShell.tsx';
import { useFieldView } from './use-field-view.ts';

export interface TextFieldProps {
  label: string;
  placeholder?: string;
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'email' | 'url' | 'number'>;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'url';
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  /** Shown but not editable, e.g. a name that cannot change once set (docs/product.md#roles). */
  readOnly?: boolean;
  hint?: ReactNode;
}

export function TextField({
  label,
  placeholder,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  required,
  disabled,
  readOnly,
  hint,
}: TextFieldProps) {
  const view = useFieldView<string>({ hint: !!hint });
  return (
    <FieldShell label={label} {...view.shell} hint={hint} disabled={disabled}>
      <input
        {...view.controlProps}
        className="field-control"
        type={type}
        value={view.value}
        onChange={(event) => view.change(event.target.value)}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
      />
    </FieldShell>
  );
}
