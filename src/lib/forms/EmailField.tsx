// An e-mail address field (docs/product.md#form-fields, 'Email only'): the kit's text field with
// the label, placeholder, keyboard, autocomplete and length every address field shares. It may be
// read-only, e.g. where a code page already knows the address.
import { TextField } from './TextField.tsx';

export interface EmailFieldProps {
  label?: string;
  readOnly?: boolean;
  required?: boolean;
}

export function EmailField({ label = 'Email address', readOnly, required = true }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      placeholder="Email address"
      type="email"
      inputMode="email"
      autoComplete="email"
      maxLength={254}
      readOnly={readOnly}
      required={required}
    />
  );
}
