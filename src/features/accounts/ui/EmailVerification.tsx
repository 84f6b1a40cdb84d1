// /auth/email-verification: what the link in the verification e-mail opens (?email=&token=&next=).
// The token leaves the address bar before anything else happens. Opening the link signs nobody in:
// a link someone else sent would sign this browser into their account. The page asks for the
// account's password (the address filled in), and the link's token with it confirms the address and
// signs in; then on as after the code (KYC, then where the student was going: the link's next).
// Opened again by a student signed in with that address, it says the address is confirmed and goes
// on; a link that no longer works says so and offers both ways on: log in or enter a code.
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '#lib/errors.ts';
import { doubtFields } from '#lib/forms/server-errors.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { DASHBOARD_PATH, loginUrl, safeNext, withNext } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { $session } from '#lib/session.ts';
import { LoginSchema, VerifyEmailLinkSchema, type LoginInput } from '../schemas.ts';
import { AUTH_PATHS, rememberEmail, verifyEmailLink } from '../stores.ts';
import { AUTH_FORM_PROPS } from './auth-form.ts';
import { CURRENT_PASSWORD_FIELD } from './current-password.tsx';

type State =
  | { kind: 'ready'; email: string; token: string; next: string | null }
  | { kind: 'confirmed'; next: string | null }
  | { kind: 'failed'; message: string; login?: boolean; next: string | null };

const BROKEN_LINK = 'This link is incomplete. Enter the code from the e-mail instead.';
const CONFIRMED_ALREADY = 'Your e-mail address is already confirmed.';
const USED_LINK = 'This link has been used or has expired. If you have confirmed your address already, log in; if not, enter a new code.';

/** The link's address, token and way back, taken out of the address bar (and the history) first: the token is a secret. */
function readLink(): State {
  const query = new URLSearchParams(location.search);
  history.replaceState(null, '', location.pathname);
  const next = safeNext(query.get('next'));
  const link = v.safeParse(v.pick(VerifyEmailLinkSchema, ['email', 'token']), {
    email: query.get('email') ?? '',
    token: query.get('token') ?? '',
  });
  // An older mail's link carried the code instead: the person types it on the code page.
  if (!link.success) return { kind: 'failed', message: BROKEN_LINK, next };
  // Opened again after confirming, in the browser signed in with that address.
  const user = $session.get()?.user;
  if (user?.is_verified && user.email === link.output.email) return { kind: 'confirmed', next };
  rememberEmail('verify', link.output.email);
  return { kind: 'ready', ...link.output, next };
}

// Read once per page (the island renders only in the browser, client:only): the address bar is emptied.
let link: State | undefined;
const theLink = () => (link ??= readLink());

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
  const [state, setState] = useState<State>(theLink);

  if (state.kind === 'ready') {
    return (
      <PasswordStep
        email={state.email}
        token={state.token}
        next={state.next}
        onRefused={() => setState({ kind: 'failed', message: USED_LINK, login: true, next: state.next })}
      />
    );
  }
  if (state.kind === 'confirmed') {
    return (
      <div className="auth-status" role="status">
        <p>{CONFIRMED_ALREADY}</p>
        <p>
          <a
            className="btn"
            href={$session.get()?.user.kyc_completed ? (state.next ?? DASHBOARD_PATH) : withNext(AUTH_PATHS.kyc, state.next)}
          >
            Continue
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-status" role="alert">
      <p>{state.message}</p>
      <p>
        {state.login && (
          <a className="btn" href={loginUrl(state.next)}>
            Log in
          </a>
        )}
        <a className={state.login ? 'btn btn-outline' : 'btn'} href={withNext(AUTH_PATHS.verify, state.next)}>
          Enter the code
        </a>
      </p>
    </div>
  );
}

export default withBoundary(EmailVerification, 'EmailVerification');
