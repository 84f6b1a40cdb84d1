// The profile's form as the kit draws it (same elements, classes and ARIA), filled with the loaded
// profile, before its form library has come: TanStack Form and the kit's fields are 20 KB gzip that
// a visit which only looks, uploads a picture or goes to another tab never needs (issue 31's goal:
// at most 30 KB of ours above React on load). The first focus, press or key in it fetches the live
// form (ProfileFields.tsx), which takes its place keeping what was typed meanwhile; a submit pressed
// before then is held by BaseHead's guard and sent by the live form.
import { useEffect, useId, type ReactNode, type RefObject } from 'react';
import { PhonePrefix } from '#lib/forms/PhonePrefix.tsx';
import { groupedNational, PHONE_MAX_INPUT } from '#lib/schemas/phone-number.ts';
import type { User } from '#lib/schemas/user.ts';
import '#lib/forms/forms.css';

/** What counts as reaching for the form: a focus, a press, a key. */
const REACHED = ['focusin', 'pointerdown', 'keydown'] as const;

interface ProfilePreviewProps {
  user: User;
  headingId: string;
  /** Offline: shown, not editable (nothing could be saved), and nothing to fetch. */
  offline: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  /** The names of the fields a person moved on from, for the live form to count as left. */
  left: Set<string>;
  /** A person reached for the form: fetch the live one. */
  onReach: () => void;
}

export function ProfilePreview({ user, headingId, offline, formRef, left, onReach }: ProfilePreviewProps) {
  const address = user.home_address ?? '';
  const prefixId = useId();
  // Listened to on the form itself, before the fields' own handlers: any field, the button too.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const noteLeft = (event: FocusEvent) => {
      if (event.target instanceof HTMLInputElement && event.target.name) left.add(event.target.name);
    };
    for (const reached of REACHED) form.addEventListener(reached, onReach, true);
    form.addEventListener('focusout', noteLeft, true);
    return () => {
      for (const reached of REACHED) form.removeEventListener(reached, onReach, true);
      form.removeEventListener('focusout', noteLeft, true);
    };
  }, [formRef, left, onReach]);
  return (
    // data-drawn: drawn, not live, until a person reaches for it (what waits for ready knows not to).
    <form ref={formRef} aria-labelledby={headingId} className="form settings-form" noValidate data-drawn="">
      <fieldset className="settings-fields" disabled={offline}>
        <div className="form-row">
          <Field label="First name" name="first_name" value={user.first_name} autoComplete="given-name" readOnly />
          <Field label="Last name" name="last_name" value={user.last_name} autoComplete="family-name" readOnly />
        </div>
        <Field
          label="Home address"
          name="home_address"
          value={address}
          placeholder="Enter home address"
          autoComplete="street-address"
          maxLength={200}
          required
        />
        <div className="form-row">
          <Field
            label="Phone number"
            name="phone_number"
            value={groupedNational(user.phone_number ?? '')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="803 123 4567"
            maxLength={PHONE_MAX_INPUT}
            prefix={<PhonePrefix id={prefixId} />}
            describedBy={prefixId}
            className="field-phone"
          />
          <Field
            label="Email address"
            name="email"
            value={user.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="Email address"
            maxLength={254}
            required
            readOnly
          />
        </div>
        {/* Disabled as the live form's would be: a saved profile passes its rules, except an address never given. */}
        <button type="submit" className="btn form-submit" disabled={!address.trim()}>
          Save Changes
        </button>
      </fieldset>
    </form>
  );
}

interface FieldProps {
  label: string;
  name: string;
  value: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'email' | 'tel';
  autoComplete: string;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  readOnly?: boolean;
  prefix?: ReactNode;
  describedBy?: string;
  className?: string;
}

/**
 * A kit field as lib/forms/FieldShell.tsx draws it before anything is typed (no hint, no message
 * yet, no icon), written out here: the shell's module, with its icons, would come with the page.
 */
function Field({ label, name, value, type = 'text', prefix, describedBy, className, ...input }: FieldProps) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')} data-status="none">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field-box">
        {prefix}
        <input
          id={inputId}
          name={name}
          aria-invalid={false}
          aria-describedby={describedBy}
          className="field-control"
          type={type}
          defaultValue={value}
          {...input}
        />
      </div>
      <p className="field-message" id={`${baseId}-message`} aria-live="polite" />
    </div>
  );
}
