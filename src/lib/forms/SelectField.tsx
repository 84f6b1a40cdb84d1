// A choice from a list (gender, state, country: SPEC §3), as a styled native <select>.
//
// Why native rather than a custom WAI-ARIA combobox/listbox: the platform control is keyboard
// operable, announced correctly by every screen reader, opens the phone's own picker on touch
// devices (the 37 states are easy to scroll there) and costs no JavaScript, where a custom listbox
// is several kilobytes and a long tail of focus, typeahead and scrolling bugs. What a native select
// cannot do is style its open menu: SPEC §9's menu height (max 300, min 140) and 200 ms hover-open
// delay describe the earlier custom dropdown and are left to the browser's picker. Should a design
// need a searchable list later, that is a new component, not a change to this one.
import type { ReactNode } from 'react';
import { FieldShell } from './FieldShell.tsx';
import { useFieldView } from './use-field-view.ts';

export interface SelectOption {
  label: string;
  value: string;
}

export interface SelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  /** The text of the empty first choice, e.g. 'Select state'; the field's value is '' while it is chosen. */
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
}

export function SelectField({
  label,
  options,
  placeholder = 'Select an option',
  autoComplete,
  required,
  disabled,
  hint,
}: SelectFieldProps) {
  const view = useFieldView<string>({ hint: !!hint });
  return (
    <FieldShell label={label} {...view.shell} hint={hint} disabled={disabled} className="field-select">
      <select
        {...view.controlProps}
        className="field-control"
        value={view.value}
        onChange={(event) => view.change(event.target.value)}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        data-empty={view.value === '' || undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
