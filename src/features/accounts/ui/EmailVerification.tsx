// /auth/email-verification: what the link in the verification e-mail opens (?email=&code=). The code
// leaves the address bar before anything else happens; a button that names the account sends it and
// continues as the code page does. A link that no longer works says so and offers the code page.
import { useState } from 'react';
import * as v from 'valibot';
import { messageOf } from '#lib/errors.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { VerifyAccountSchema } from '../schemas.ts';
import { AUTH_PATHS, rememberEmail, verifyAccount } from '../stores.ts';

type State = { kind: 'ready'; email: string; otp: string } | { kind: 'checking' } | { kind: 'failed'; message: string };

const BROKEN_LINK = 'This link is incomplete. Enter the code from the e-mail instead.';

/** The link's address and code, taken out of the address bar (and the history) first: the code is a secret. */
function readLink(): State {
  const query = new URLSearchParams(location.search);
  history.replaceState(null, '', location.pathname);
  const link = v.safeParse(VerifyAccountSchema, { email: query.get('email') ?? '', otp: query.get('code') ?? '' });
  if (!link.success) return { kind: 'failed', message: BROKEN_LINK };
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
      setState({ kind: 'failed', message: messageOf(error) });
    }
  }

  if (state.kind === 'ready') {
    return (
      <p className="auth-status">
        <button type="button" className="btn btn-wrap" onClick={() => void continueAs(state.email, state.otp)}>
          Continue as {state.email}
        </button>
      </p>
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
        <a className="btn" href={AUTH_PATHS.verify}>
          Enter the code
        </a>
      </p>
    </div>
  );
}

export default withBoundary(EmailVerification, 'EmailVerification');
