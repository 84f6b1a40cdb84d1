// /auth/reset-password: the address (from the mail's link or the forgot-password page), the code,
// and the new password twice under the hint. Success ends every session of the account and moves on
// to the success page, then to login (docs/product.md#auth-flows).
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useCodeForm } from '#lib/forms/use-code-form.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { PASSWORD_HINT } from '#lib/schemas/fields.ts';
import { confirmPasswordValidators, ResetPasswordFormSchema, type ResetPasswordFormInput } from '../schemas.ts';
import { resetPassword } from '../stores.ts';
import { CodeFields } from './CodeFields.tsx';
import { AUTH_FORM_PROPS } from './auth-form.ts';

const fields = ResetPasswordFormSchema.pipe[0].entries;
const EMPTY: ResetPasswordFormInput = { email: '', token: '', password: '', confirm_password: '' };

function ResetPasswordForm() {
  const form = useCodeForm({
    defaultValues: EMPTY,
    validators: { onSubmit: ResetPasswordFormSchema },
    onSubmit: submitWithSchema(ResetPasswordFormSchema, ({ confirm_password: _repeat, ...reset }) => resetPassword(reset)),
  });

  return (
    <form.AppForm>
      <form.Form {...AUTH_FORM_PROPS}>
        <CodeFields form={form} fields={{ email: 'email', code: 'token' }} purpose="reset" codeLabel="Reset code">
          <form.AppField name="password" validators={{ onChange: fields.password }}>
            {(field) => <field.PasswordField label="New password" autoComplete="new-password" hint={PASSWORD_HINT} required />}
          </form.AppField>
          <form.AppField name="confirm_password" validators={confirmPasswordValidators}>
            {(field) => (
              <field.PasswordField label="Confirm password" placeholder="Confirm password" autoComplete="new-password" required />
            )}
          </form.AppField>
          <form.SubmitButton>Reset password</form.SubmitButton>
        </CodeFields>
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(ResetPasswordForm, 'ResetPasswordForm');
