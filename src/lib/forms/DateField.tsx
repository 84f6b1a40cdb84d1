// A calendar date as the browser's own date input, capped at today via max (docs/product.md#form-fields: the date of
// birth cannot be in the future). Today is the visitor's local day, read after hydration: the page
// is rendered at build time, when 'today' was another day.
import { useSyncExternalStore, type ReactNode } from 'react';
import { FieldShell } from './FieldShell.tsx';
import { localIsoDate } from './local-date.ts';
import { useFieldView } from './use-field-view.ts';

export interface DateFieldProps {
  label: string;
  /** Allow days after today (off by default: the field exists for dates of birth). */
  allowFuture?: boolean;
  min?: string;
  autoComplete?: 'bday' | 'off';
  required?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
}

const noSubscription = () => () => {};

export function DateField({ label, allowFuture = false, min, autoComplete, required, disabled, hint }: DateFieldProps) {
  const view = useFieldView<string>({ hint: !!hint });
  const today = useSyncExternalStore(noSubscription, localIsoDate, () => undefined);
  return (
    <FieldShell label={label} {...view.shell} hint={hint} disabled={disabled} className="field-date">
      <input
        {...view.controlProps}
        className="field-control"
        type="date"
        value={view.value}
        onChange={(event) => view.change(event.target.value)}
        min={min}
        max={allowFuture ? undefined : today}
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
      />
    </FieldShell>
  );
}
