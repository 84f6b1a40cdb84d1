// /auth/reset-password: the address (from the mail's link or the forgot-password page), the code,
// and the new password twice under the hint. Opened from the mail's link (?email=&token=), the link's
// long token stands for the code: no boxes, just the new password (the token leaves the address bar
// at once). Success ends every session of the account and moves on to the success page, then to
// login (docs/product.md#auth-flows).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { isApiError } from '#lib/errors.ts';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useCodeForm } from '#lib/forms/use-code-form.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { PASSWORD_HINT } from '#lib/schemas/fields.ts';
import { emailAtLoad } from '../code-page-at-load.ts';
import { confirmPasswordValidators, isLinkToken, ResetPasswordFormSchema, validEmail, type ResetPasswordFormInput } from '../schemas.ts';
import { resetPassword } from '../stores.ts';
import { CodeFields } from './CodeFields.tsx';
import { AUTH_FORM_PROPS } from './auth-form.ts';

const fields = ResetPasswordFormSchema.pipe[0].entries;
const EMPTY: ResetPasswordFormInput = { email: '', token: '', password: '', confirm_password: '' };
const USED_LINK = 'This link has been used or has expired. Enter the code from the e-mail, or ask for a new one.';

const noSubscription = () => () => {};
let resetLink: { email: string; token: string } | null | undefined;

/** The mail link's address and token, read once: the token leaves the address bar (and the history) at once. */
function readResetLink() {
  if (resetLink !== undefined) return resetLink;
  const query = new URLSearchParams(location.search);
  const token = query.get('token') ?? '';
  const email = validEmail(query.get('email') ?? '');
  resetLink = isLinkToken(token) && email ? { email, token } : null;
  if (resetLink) history.replaceState(null, '', location.pathname);
  return resetLink;
}

function ResetPasswordForm() {
  // Read after hydrating (null on the server): the page was built without the link.
  const link = useSyncExternalStore(noSubscription, readResetLink, () => null);
  // The link no longer works (used or expired): the code boxes instead.
  const [expired, setExpired] = useState(false);
  const mode = expired ? 'expired' : link ? 'link' : 'code';
  const form = useCodeForm({
    defaultValues: { ...EMPTY, email: emailAtLoad() },
    validators: { onSubmit: ResetPasswordFormSchema },
    onSubmit: async (submission) => {
      try {
        await submitWithSchema(ResetPasswordFormSchema, ({ confirm_password: _repeat, ...reset }) => resetPassword(reset))(submission);
      } catch (error) {
        if (isApiError(error) && error.status === 400 && error.fieldErrors?.token && isLinkToken(submission.value.token)) {
          form.setFieldValue('token', '');
          setExpired(true);
        }
        throw error;
      }
    },
  });

  useEffect(() => {
    if (!link) return;
    form.setFieldValue('email', link.email);
    form.setFieldValue('token', link.token);
  }, [form, link]);

  const passwords = (
    <>
      <form.AppField name="password" validators={{ onChange: fields.password }}>
        {(field) => <field.PasswordField label="New password" autoComplete="new-password" hint={PASSWORD_HINT} required />}
      </form.AppField>
      <form.AppField name="confirm_password" validators={confirmPasswordValidators}>
        {(field) => <field.PasswordField label="Confirm password" placeholder="Confirm password" autoComplete="new-password" required />}
      </form.AppField>
      <form.SubmitButton>Reset password</form.SubmitButton>
    </>
  );

  return (
    <form.AppForm>
      {mode === 'expired' && (
        <p className="auth-why" role="alert">
          {USED_LINK}
        </p>
      )}
      <form.Form {...AUTH_FORM_PROPS}>
        {mode === 'link' ? (
          <>
            <p className="auth-why">The link from your e-mail stands for the code: choose your new password.</p>
            <form.AppField name="email">{(field) => <field.EmailField readOnly />}</form.AppField>
            {passwords}
          </>
        ) : (
          <CodeFields form={form} fields={{ email: 'email', code: 'token' }} purpose="reset" codeLabel="Reset code">
            {passwords}
          </CodeFields>
        )}
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(ResetPasswordForm, 'ResetPasswordForm');
