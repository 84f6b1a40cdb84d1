// The scholarship form's fields beyond the kit's text field, drawn in the kit's frame (label, box,
// message under it, the same ARIA links): a native select, a native date, and a group of checkboxes
// (the courses, the states) whose legend names it and whose message follows the boxes.
import { useId } from 'react';
import { Chevron } from '#lib/forms/Chevron.tsx';
import { inWords } from '#lib/forms/date-parts.ts';
import { FieldShell } from '#lib/forms/FieldShell.tsx';
import { useFieldView } from '#lib/forms/use-field-view.ts';

interface Choice {
  id: string;
  title: string;
}

export function SelectInput({ label, choices, placeholder }: { label: string; choices: readonly Choice[]; placeholder: string }) {
  const view = useFieldView<string>();
  return (
    <FieldShell label={label} {...view.shell}>
      <select {...view.controlProps} className="field-control" value={view.value} onChange={(event) => view.change(event.target.value)}>
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.title}
          </option>
        ))}
      </select>
      <Chevron className="native-select-chevron" />
    </FieldShell>
  );
}

/**
 * A calendar date, 'YYYY-MM-DD': the browser's own picker, in the browser's own order of day and
 * month, so the hint says the chosen day in words ('Tuesday, 1 December 2026') and a slip shows.
 */
export function DateInput({ label, hint }: { label: string; hint: string }) {
  const view = useFieldView<string>({ hint: true });
  const words = inWords(view.value);
  return (
    <FieldShell label={label} {...view.shell} hint={words ? `${words}: ${hint.charAt(0).toLowerCase()}${hint.slice(1)}` : hint}>
      <input
        {...view.controlProps}
        className="field-control"
        type="date"
        value={view.value}
        onChange={(event) => view.change(event.target.value)}
      />
    </FieldShell>
  );
}

interface CheckGroupProps {
  label: string;
  choices: readonly Choice[];
  hint?: string;
  /** Short names (the states): more columns, two on a phone. */
  short?: boolean;
}

export function CheckGroup({ label, choices, hint, short = false }: CheckGroupProps) {
  const legendId = useId();
  const view = useFieldView<string[]>({ hint: !!hint });
  const { id, name, onBlur, ...aria } = view.controlProps;
  const chosen = new Set(view.value);
  const toggle = (choice: string, on: boolean) =>
    view.change(choices.map((each) => each.id).filter((each) => (each === choice ? on : chosen.has(each))));
  return (
    <fieldset
      className="field staff-check-group"
      data-status={view.shell.status}
      aria-labelledby={legendId}
      aria-describedby={aria['aria-describedby']}
    >
      <legend className="field-label" id={legendId}>
        {label}
      </legend>
      {hint && (
        <p className="field-hint" id={view.shell.hintId}>
          {hint}
        </p>
      )}
      <div className={short ? 'staff-checks staff-checks-short' : 'staff-checks'}>
        {choices.map((choice, index) => (
          <label key={choice.id}>
            <input
              type="checkbox"
              id={index === 0 ? id : undefined}
              name={name}
              value={choice.id}
              aria-invalid={aria['aria-invalid'] || undefined}
              checked={chosen.has(choice.id)}
              onChange={(event) => toggle(choice.id, event.target.checked)}
              // Moving between the boxes is not leaving the field; leaving the group is.
              onBlur={(event) => {
                if (!event.currentTarget.closest('fieldset')?.contains(event.relatedTarget)) onBlur();
              }}
            />
            {choice.title}
          </label>
        ))}
      </div>
      <p className="field-message" id={view.shell.messageId} aria-live="polite">
        {view.shell.message}
      </p>
    </fieldset>
  );
}
