// /auth/signup (docs/product.md#form-fields): names, e-mail, phone, the optional home address, and
// the password typed twice under the hint. On success a code goes to the address and the browser
// moves on to the code page, keeping where the student was going (?next=); a taken address stays on the form with the server's message.
import { PASSWORD_HINT } from '#lib/schemas/fields.ts';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { PersonFields } from '#lib/forms/PersonFields.tsx';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { nextFromQuery } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { confirmPasswordValidators, SignupFormSchema, type SignupFormInput } from '../schemas.ts';
import { signUp } from '../stores.ts';
import { AUTH_FORM_PROPS } from './auth-form.ts';

/** The form's own fields the person block fills, by the same names. */
const PERSON = { first_name: 'first_name', last_name: 'last_name', email: 'email', phone_number: 'phone_number' } as const;
const fields = SignupFormSchema.pipe[0].entries;
const EMPTY: SignupFormInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  home_address: '',
  password: '',
  confirm_password: '',
};

function SignupForm() {
  const form = useAppForm({
    defaultValues: EMPTY,
    validators: { onSubmit: SignupFormSchema },
    onSubmit: submitWithSchema(SignupFormSchema, ({ confirm_password: _repeat, ...account }) => signUp(account, nextFromQuery())),
  });

  return (
    <form.AppForm>
      <form.Form {...AUTH_FORM_PROPS}>
        <PersonFields form={form} fields={PERSON} rules={fields} />
        <form.AppField name="home_address" validators={{ onChange: fields.home_address }}>
          {(field) => (
            <field.TextField
              label="Home address (Optional)"
              placeholder="Enter home address"
              autoComplete="address-line1"
              maxLength={200}
            />
          )}
        </form.AppField>
        <form.AppField name="password" validators={{ onChange: fields.password }}>
          {(field) => <field.PasswordField label="Password" autoComplete="new-password" hint={PASSWORD_HINT} required />}
        </form.AppField>
        <form.AppField name="confirm_password" validators={confirmPasswordValidators}>
          {(field) => <field.PasswordField label="Confirm password" placeholder="Confirm password" autoComplete="new-password" required />}
        </form.AppField>
        <form.SubmitButton>Sign up</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(SignupForm, 'SignupForm');
