// A Nigerian phone number (docs/product.md#form-fields and docs/product.md#limits-and-timings: country ng only, prefix 234, input max 19). The +234 and
// the flag are fixed before the input and read out as its description. The person may type 0803...,
// 234803..., +234 803... or just 803... after the prefix; the field's validator (PhoneSchema, or
// OptionalPhoneSchema) turns any of them into the national form '0' + 10 digits on submit. A number
// the field is given, not typed (a saved one), shows as '803 123 4567'.
import { useSelector } from '@tanstack/react-form';
import { useId, useState, type ReactNode } from 'react';
import { PHONE_MAX_INPUT } from '../schemas/phone-number.ts';
import { FieldShell } from './FieldShell.tsx';
import { phoneFieldValue, phoneForField } from './phone-input.ts';
import { PhonePrefix } from './PhonePrefix.tsx';
import { useFieldView } from './use-field-view.ts';

export interface PhoneFieldProps {
  label: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
}

export function PhoneField({ label, placeholder = '803 123 4567', required, disabled, hint }: PhoneFieldProps) {
  const prefixId = useId();
  const view = useFieldView<string>({ hint: !!hint, describedBy: prefixId });
  const touched = useSelector(view.field.store, (state) => state.meta.isTouched);
  // What the input shows: what the person typed, or the number the field was given in its own format.
  // The form holds phoneFieldValue() of what was typed, which may carry an added 0.
  const given = phoneForField(view.value);
  const [typed, setTyped] = useState(given);
  // The value this field last handed the form: any other came from outside.
  const [handed, setHanded] = useState(view.value);
  if (view.value !== handed || (!touched && typed !== given)) {
    // Set without typing (a saved profile loaded, the form reset after sending, even to the same
    // number): shown in the one format, '803 123 4567' after the +234, never the prefix twice.
    setHanded(view.value);
    setTyped(given);
  }

  const prefix = <PhonePrefix id={prefixId} />;
  return (
    <FieldShell label={label} {...view.shell} hint={hint} disabled={disabled} prefix={prefix} className="field-phone">
      <input
        {...view.controlProps}
        className="field-control"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_INPUT}
        value={typed}
        onChange={(event) => {
          const value = phoneFieldValue(event.target.value);
          setTyped(event.target.value);
          setHanded(value);
          view.change(value);
        }}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
      />
    </FieldShell>
  );
}
