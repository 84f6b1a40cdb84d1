// /auth/forgot-password: the e-mail-only form. The answer is the same whether or not an account uses
// the address (no one learns who studies here); the browser moves on to the reset page.
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { EmailOnlySchema } from '../schemas.ts';
import { forgotPassword } from '../stores.ts';
import { AUTH_FORM_PROPS } from './auth-form.ts';

function ForgotPasswordForm() {
  const form = useAppForm({
    defaultValues: { email: '' },
    validators: { onSubmit: EmailOnlySchema },
    onSubmit: submitWithSchema(EmailOnlySchema, ({ email }) => forgotPassword(email)),
  });

  return (
    <form.AppForm>
      <form.Form {...AUTH_FORM_PROPS}>
        <form.AppField name="email" validators={{ onChange: EmailOnlySchema.entries.email }}>
          {(field) => <field.EmailField />}
        </form.AppField>
        <form.SubmitButton>Send reset code</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(ForgotPasswordForm, 'ForgotPasswordForm');
