// /auth/email-verification: the password step of the link in the verification e-mail. The page's
// script (email-link-at-load.ts) reads the link, empties the address bar and shows this step with
// the link's address, or instead the built view the link calls for (confirmed already, incomplete);
// this island hydrates when a person reaches for it. The account's password and the link's token
// confirm the address and sign in; then on as after the code (KYC, then where the student was
// going: the link's next). A link that no longer works says so and offers both ways on: log in or
// enter a code.
import { useState } from 'react';
import { isApiError } from '#lib/errors.ts';
import { doubtFields } from '#lib/forms/server-errors.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { loginUrl, withNext } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { theLink } from '../email-link-at-load.ts';
import { AUTH_PATHS } from '../paths.ts';
import { LoginSchema, type LoginInput } from '../schemas.ts';
import { verifyEmailLink } from '../stores.ts';
import { AUTH_FORM_PROPS } from './auth-form.ts';
import { CURRENT_PASSWORD_FIELD } from './current-password.tsx';

const USED_LINK = 'This link has been used or has expired. If you have confirmed your address already, log in; if not, enter a new code.';

const fields = LoginSchema.entries;

function PasswordStep({ email, token, next, onRefused }: { email: string; token: string; next: string | null; onRefused: () => void }) {
  const form = useAppForm({
    defaultValues: { email, password: '' } satisfies LoginInput,
    validators: { onSubmit: LoginSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        // Signed in: the browser is on its way to the next page.
        await verifyEmailLink(email, token, value.password.trim(), next);
      } catch (error) {
        if (isApiError(error) && error.status === 401) doubtFields(formApi, ['password'], 'password', error.message);
        // A link that no longer works: used already (the address may be confirmed), or expired.
        else if (isApiError(error) && error.status === 400 && error.fieldErrors?.token) onRefused();
        throw error;
      }
    },
  });
  return (
    <form.AppForm>
      <p className="auth-why">To confirm this address and continue, enter the password you chose when you signed up.</p>
      <form.Form {...AUTH_FORM_PROPS}>
        <form.AppField name="email">{(field) => <field.EmailField readOnly />}</form.AppField>
        <form.AppField name="password" validators={{ onChange: fields.password }}>
          {(field) => <field.PasswordField {...CURRENT_PASSWORD_FIELD} />}
        </form.AppField>
        <form.SubmitButton>Confirm and continue</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

function EmailVerification() {
  // The island lives only where the link is ready (the page's script removes it otherwise).
  const [link] = useState(theLink);
  const [refused, setRefused] = useState(false);
  if (link.kind !== 'ready') return null;
  if (!refused) return <PasswordStep email={link.email} token={link.token} next={link.next} onRefused={() => setRefused(true)} />;
  return (
    <div className="auth-status" role="alert">
      <p>{USED_LINK}</p>
      <p>
        <a className="btn" href={loginUrl(link.next)}>
          Log in
        </a>
        <a className="btn btn-outline" href={withNext(AUTH_PATHS.verify, link.next)}>
          Enter the code
        </a>
      </p>
    </div>
  );
}

export default withBoundary(EmailVerification, 'EmailVerification');
