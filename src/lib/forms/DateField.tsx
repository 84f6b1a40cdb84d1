// A date of birth as day, month by name, and year: three parts that cannot be misread. The
// browser's own date input showed mm/dd/yyyy, so a Nigerian student typing 14052000 day-first got
// 2000-12-05. The form holds 'YYYY-MM-DD' once the three parts make a date (a partial or impossible
// one holds what was typed, which the schema refuses), and the date is echoed in words under the
// parts ('Sunday, 14 May 2000'), so a slip shows before it is sent. Future dates are the
// schema's to refuse (docs/product.md#form-fields), against the visitor's own today.
import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { inWords, MONTHS, partsOf, valueOf, type Parts } from './date-parts.ts';
import { Chevron } from './Chevron.tsx';
import { StatusIcon } from './StatusIcon.tsx';
import { useFieldView } from './use-field-view.ts';

export interface DateFieldProps {
  label: string;
  required?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
}

export function DateField({ label, required, disabled, hint }: DateFieldProps) {
  const legendId = useId();
  const view = useFieldView<string>({ hint: !!hint });
  const [parts, setParts] = useState(() => partsOf(view.value));
  if (valueOf(parts) !== view.value && view.value !== undefined) {
    // The form's value changed without typing here (a reset): show it.
    setParts(partsOf(view.value));
  }
  // The parts as last changed, ahead of the render that shows them: what was typed before the form
  // was live is replayed part after part in one go (typed-before-ready.ts), each change on the last.
  const latest = useRef(parts);
  useLayoutEffect(() => {
    latest.current = parts;
  }, [parts]);
  const change = (part: keyof Parts, value: string) => {
    const next = { ...latest.current, [part]: part === 'month' ? value : value.replace(/\D/g, '') };
    latest.current = next;
    setParts(next);
    view.change(valueOf(next));
  };
  const { id, name, onBlur, ...aria } = view.controlProps;
  const words = inWords(view.value);
  const box = (part: keyof Parts) => ({
    id: part === 'day' ? id : `${id}-${part}`,
    name: `${name}.${part}`,
    disabled,
    required,
    ...aria,
    // Moving between the parts is not leaving the field; leaving the group is.
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.closest('fieldset')?.contains(event.relatedTarget)) onBlur();
    },
  });

  return (
    <fieldset className="field field-date" data-status={view.shell.status} data-disabled={disabled || undefined} aria-labelledby={legendId}>
      <legend className="field-label" id={legendId}>
        {label}
      </legend>
      <div className="date-parts">
        <label className="date-part date-day">
          <span className="date-part-label">Day</span>
          <span className="field-box">
            <input
              {...box('day')}
              className="field-control"
              inputMode="numeric"
              autoComplete="bday-day"
              maxLength={2}
              placeholder="DD"
              value={parts.day}
              onChange={(event) => change('day', event.target.value)}
            />
          </span>
        </label>
        <label className="date-part date-month">
          <span className="date-part-label">Month</span>
          <span className="field-box">
            <select
              {...box('month')}
              className="field-control"
              autoComplete="bday-month"
              value={parts.month}
              onChange={(event) => change('month', event.target.value)}
            >
              <option value="">Month</option>
              {MONTHS.map((month, index) => (
                <option key={month} value={String(index + 1).padStart(2, '0')}>
                  {month}
                </option>
              ))}
            </select>
            <Chevron className="native-select-chevron" />
          </span>
        </label>
        <label className="date-part date-year">
          <span className="date-part-label">Year</span>
          <span className="field-box">
            <input
              {...box('year')}
              className="field-control"
              inputMode="numeric"
              autoComplete="bday-year"
              maxLength={4}
              placeholder="YYYY"
              value={parts.year}
              onChange={(event) => change('year', event.target.value)}
            />
            <StatusIcon status={view.shell.status} />
          </span>
        </label>
      </div>
      {hint && (
        <p className="field-hint" id={view.shell.hintId}>
          {hint}
        </p>
      )}
      <p className="field-hint date-in-words" aria-live="polite">
        {words && <>You were born on {words}.</>}
      </p>
      <p className="field-message" id={view.shell.messageId} aria-live="polite">
        {view.shell.message}
      </p>
    </fieldset>
  );
}
