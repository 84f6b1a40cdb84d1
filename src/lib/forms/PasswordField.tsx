// A password input with a show/hide toggle (docs/product.md#form-fields). The toggle is a real button with a constant
// accessible name and aria-pressed, so a screen reader says 'Show password, toggle button, pressed'
// rather than a name that flips under the user's fingers. It never submits the form. Where a new
// password is chosen, the hint is followed by the rules actually enforced, ticking as they are met.
import { useId, useState, type ReactNode } from 'react';
import { COMMON_PASSWORD_RULE, PASSWORD_RULES } from '../schemas/fields.ts';
import { FieldShell } from './FieldShell.tsx';
import { CheckMark } from './StatusIcon.tsx';
import { useFieldView } from './use-field-view.ts';

export interface PasswordFieldProps {
  label: string;
  placeholder?: string;
  /** 'current-password' on login and the old password, 'new-password' where one is chosen. */
  autoComplete?: 'current-password' | 'new-password';
  required?: boolean;
  disabled?: boolean;
  /** E.g. PASSWORD_HINT; it gets a check mark once the field was left with a valid value. */
  hint?: ReactNode;
  /** Something under the field, before the message, e.g. the 'Forgot your Password?' link. */
  after?: ReactNode;
}

export function PasswordField({
  label,
  placeholder = 'Password',
  autoComplete = 'current-password',
  required,
  disabled,
  hint,
  after,
}: PasswordFieldProps) {
  const rulesId = useId();
  const chosen = autoComplete === 'new-password' && !!hint;
  const view = useFieldView<string>({ hint: !!hint, describedBy: chosen ? rulesId : undefined });
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className="field-toggle"
      aria-pressed={visible}
      aria-controls={view.shell.inputId}
      disabled={disabled}
      onClick={() => setVisible((shown) => !shown)}
    >
      <span className="visually-hidden">Show password</span>
      <EyeIcon crossed={visible} />
    </button>
  );
  return (
    <FieldShell
      label={label}
      {...view.shell}
      hint={hint}
      hintMet={!!hint && view.valid}
      disabled={disabled}
      suffix={toggle}
      after={after}
      details={chosen && <PasswordRules id={rulesId} password={view.value} />}
      className="field-password"
    >
      <input
        {...view.controlProps}
        className="field-control"
        type={visible ? 'text' : 'password'}
        value={view.value}
        onChange={(event) => view.change(event.target.value)}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        required={required}
        disabled={disabled}
      />
    </FieldShell>
  );
}

/** The enforced rules, each with a tick once met; read with the field (aria-describedby), not on each key. */
function PasswordRules({ id, password }: { id: string; password: string }) {
  return (
    <ul className="password-rules" id={id}>
      {PASSWORD_RULES.map(({ text, met }) => {
        const done = met(password);
        return (
          <li key={text} data-met={done || undefined}>
            {done ? <CheckMark className="password-rule-mark" /> : <span className="password-rule-mark" aria-hidden="true" />}
            {text}
            <span className="visually-hidden">{done ? ', met' : ', not yet'}</span>
          </li>
        );
      })}
      <li>
        <span className="password-rule-mark" aria-hidden="true" />
        {COMMON_PASSWORD_RULE}
      </li>
    </ul>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
