// The profile's form itself (ProfileForm.tsx says what it holds), with TanStack Form: fetched when a
// person reaches for a field of the form drawn before it (ProfilePreview.tsx), and put in its place
// with what was typed, left, focused or sent there.
import { useId, useLayoutEffect, useState } from 'react';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { countAsLeft, replayTyped } from '#lib/forms/typed-before-ready.ts';
import { byIdIn, type TypedInPreview } from '#lib/forms/typed-in-preview.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import type { User } from '#lib/schemas/user.ts';
import { ProfileFormSchema, type ProfileFormValues } from '../schemas.ts';
import { saveProfile } from '../stores.ts';

/** Comes with this form, not with the page: the drawn form is read only when this one takes its place. */
export { readPreview } from '#lib/forms/typed-in-preview.ts';

const profileValuesOf = (user: User): ProfileFormValues => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  home_address: user.home_address ?? '',
  phone_number: user.phone_number ?? '',
});

interface ProfileFieldsProps {
  user: User;
  headingId: string;
  /** What the person did in the drawn form before this one came. */
  typed: TypedInPreview;
}

export function ProfileFields({ user: loaded, headingId, typed }: ProfileFieldsProps) {
  const formId = useId();
  // What the form starts from: the profile as last loaded or saved.
  const [saved, setSaved] = useState(loaded);
  const form = useAppForm({
    defaultValues: profileValuesOf(saved),
    validators: { onSubmit: ProfileFormSchema },
    onSubmit: submitWithSchema(ProfileFormSchema, async ({ home_address, phone_number }) => {
      const next = await saveProfile({ home_address, phone_number });
      // The form then shows what was saved, as a reload would: the address trimmed, the phone in
      // the field's own format (an empty one keeps the saved number, so that number comes back).
      setSaved(next);
      form.reset(profileValuesOf(next));
    }),
  });

  // After the form's own effects (a parent's run after its children's): the form is live.
  useLayoutEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const { left, ...again } = byIdIn(element, typed);
    replayTyped(element, again);
    for (const id of left) {
      const control = document.getElementById(id);
      if (control && id !== again.focus?.id && !again.fields.some((field) => field.id === id)) countAsLeft(control);
    }
    // After React has drawn the replayed values, as a person's own press would find them.
    if (typed.held) requestAnimationFrame(() => element.requestSubmit());
  }, [formId, typed]);

  return (
    <form.AppForm>
      <form.Form id={formId} aria-labelledby={headingId} className="settings-form">
        <fieldset className="settings-fields">
          <div className="form-row">
            <form.AppField name="first_name">
              {(field) => <field.TextField label="First name" autoComplete="given-name" readOnly />}
            </form.AppField>
            <form.AppField name="last_name">
              {(field) => <field.TextField label="Last name" autoComplete="family-name" readOnly />}
            </form.AppField>
          </div>
          <form.AppField name="home_address" validators={{ onChange: ProfileFormSchema.entries.home_address }}>
            {(field) => (
              <field.TextField
                label="Home address"
                placeholder="Enter home address"
                autoComplete="street-address"
                maxLength={200}
                required
              />
            )}
          </form.AppField>
          <div className="form-row">
            <form.AppField name="phone_number" validators={{ onChange: ProfileFormSchema.entries.phone_number }}>
              {(field) => <field.PhoneField label="Phone number" />}
            </form.AppField>
            <form.AppField name="email">{(field) => <field.EmailField readOnly />}</form.AppField>
          </div>
          <form.SubmitButton>Save Changes</form.SubmitButton>
        </fieldset>
      </form.Form>
    </form.AppForm>
  );
}
