// 'Change Password' (docs/product.md#settings-page): the old password, the new one under the hint
// (a check mark once it is left valid) with the way to reset a forgotten one, and the new one again.
// It sends {currentPassword, password}, trimmed; after success every session has ended, and the
// session is forgotten here too and the browser goes to login a second later.
// An island of its own that waits for a person (client:interaction, docs/decisions/018): its built
// HTML is the whole form, empty, in the settings page's second panel; what is typed before it is
// live is kept (lib/forms/typed-before-ready.ts).
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { PASSWORD_HINT } from '#lib/schemas/fields.ts';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import {
  ChangePasswordFormSchema,
  confirmMessage,
  newPasswordMessage,
  oldPasswordMessage,
  type ChangePasswordFormValues,
} from '../schemas.ts';
import { changePassword } from '../stores.ts';

/** docs/product.md#settings-page: reset starts on the reset-password route. */
const RESET_PASSWORD_PATH = '/auth/reset-password';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', password: '', confirmPassword: '' };

type PasswordForm = { getFieldValue: (name: 'password') => unknown };
const withNewPassword =
  (message: (value: unknown, newPassword: unknown) => string | undefined) =>
  ({ value, fieldApi }: { value: unknown; fieldApi: { form: PasswordForm } }) =>
    message(value, fieldApi.form.getFieldValue('password'));

function ChangePasswordForm({ headingId }: { headingId: string }) {
  const form = useAppForm({
    defaultValues: EMPTY,
    validators: { onSubmit: ChangePasswordFormSchema },
    onSubmit: submitWithSchema(ChangePasswordFormSchema, async ({ currentPassword, password }) => {
      await changePassword({ currentPassword, password });
    }),
  });

  return (
    <form.AppForm>
      <form.Form aria-labelledby={headingId} className="settings-form">
        <form.AppField
          name="currentPassword"
          validators={{ onChangeListenTo: ['password'], onChange: withNewPassword(oldPasswordMessage) }}
        >
          {(field) => <field.PasswordField label="Old Password" autoComplete="current-password" required />}
        </form.AppField>
        <form.AppField name="password" validators={{ onChange: ({ value }) => newPasswordMessage(value) }}>
          {(field) => (
            <field.PasswordField
              label="New Password"
              autoComplete="new-password"
              hint={PASSWORD_HINT}
              required
              after={
                <a className="settings-link" href={RESET_PASSWORD_PATH}>
                  Forgot your Password? Reset here
                </a>
              }
            />
          )}
        </form.AppField>
        <form.AppField name="confirmPassword" validators={{ onChangeListenTo: ['password'], onChange: withNewPassword(confirmMessage) }}>
          {(field) => <field.PasswordField label="Confirm New Password" autoComplete="new-password" required />}
        </form.AppField>
        <form.SubmitButton>Save Changes</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(ChangePasswordForm, 'ChangePasswordForm');
