// /auth/email-verification: what the link in the verification e-mail opens (?email=&code=). The code
// leaves the address bar before anything else happens; a button that names the account sends it and
// continues as the code page does. Opened again by a student signed in with that address, it says
// the address is confirmed and goes on; a link that no longer works says so and offers both ways
// on: log in (the address may be confirmed already) or enter a code.
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError, messageOf } from '#lib/errors.ts';
import { DASHBOARD_PATH, loginUrl } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { $session } from '#lib/session.ts';
import { VerifyAccountSchema } from '../schemas.ts';
import { AUTH_PATHS, rememberEmail, verifyAccount } from '../stores.ts';

type State =
  | { kind: 'ready'; email: string; otp: string }
  | { kind: 'confirmed' }
  | { kind: 'checking' }
  | { kind: 'failed'; message: string; login?: boolean };

const BROKEN_LINK = 'This link is incomplete. Enter the code from the e-mail instead.';
const CONFIRMED_ALREADY = 'Your e-mail address is already confirmed.';
const USED_LINK = 'This link has been used or has expired. If you have confirmed your address already, log in; if not, enter a new code.';

/** The link's address and code, taken out of the address bar (and the history) first: the code is a secret. */
function readLink(): State {
  const query = new URLSearchParams(location.search);
  history.replaceState(null, '', location.pathname);
  const link = v.safeParse(VerifyAccountSchema, { email: query.get('email') ?? '', otp: query.get('code') ?? '' });
  if (!link.success) return { kind: 'failed', message: BROKEN_LINK };
  // Opened again after confirming, in the browser signed in with that address.
  const user = $session.get()?.user;
  if (user?.is_verified && user.email === link.output.email) return { kind: 'confirmed' };
  rememberEmail('verify', link.output.email);
  return { kind: 'ready', ...link.output };
}

// Read once per page (the island renders only in the browser, client:only): the address bar is emptied.
let link: State | undefined;
const theLink = () => (link ??= readLink());

function EmailVerification() {
  const [state, setState] = useState<State>(theLink);

  // Opening the link signs nobody in: a link someone else sent would sign this browser into their
  // account. The button names the account, and only a click on it verifies and signs in.
  async function continueAs(email: string, otp: string) {
    setState({ kind: 'checking' });
    try {
      // Signed in: the browser is on its way to the next page.
      await verifyAccount(email, otp);
    } catch (error) {
      // A refused code: used already (the address may be confirmed), or expired.
      const refused = isApiError(error) && error.status === 400;
      setState({ kind: 'failed', message: refused ? USED_LINK : messageOf(error), login: refused });
    }
  }

  if (state.kind === 'ready') {
    return (
      <div className="auth-status">
        <p>Check that this is your address, then continue to your account.</p>
        <p>
          <button type="button" className="btn btn-wrap" onClick={() => void continueAs(state.email, state.otp)}>
            Continue as {state.email}
          </button>
        </p>
      </div>
    );
  }
  if (state.kind === 'confirmed') {
    return (
      <div className="auth-status" role="status">
        <p>{CONFIRMED_ALREADY}</p>
        <p>
          <a className="btn" href={$session.get()?.user.kyc_completed ? DASHBOARD_PATH : AUTH_PATHS.kyc}>
            Continue
          </a>
        </p>
      </div>
    );
  }
  if (state.kind === 'checking') {
    return (
      <p className="auth-status" role="status">
        <span className="form-spinner" aria-hidden="true" /> Checking your code…
      </p>
    );
  }
  return (
    <div className="auth-status" role="alert">
      <p>{state.message}</p>
      <p>
        {state.login && (
          <a className="btn" href={loginUrl()}>
            Log in
          </a>
        )}
        <a className={state.login ? 'btn btn-outline' : 'btn'} href={AUTH_PATHS.verify}>
          Enter the code
        </a>
      </p>
    </div>
  );
}

export default withBoundary(EmailVerification, 'EmailVerification');
