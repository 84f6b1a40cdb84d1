// /auth/email-verification: what the link in the verification e-mail opens (?email=&code=). It
// sends the code at once and continues as the code page does; the code leaves the address bar
// before anything else happens. A link that no longer works says so and offers the code page.
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { messageOf } from '#lib/errors.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { VerifyAccountSchema } from '../schemas.ts';
import { AUTH_PATHS, rememberEmail, verifyAccount } from '../stores.ts';

type State = { kind: 'checking' } | { kind: 'failed'; message: string };

const BROKEN_LINK = 'This link is incomplete. Enter the code from the e-mail instead.';

/** Verifies with the link's address and code; resolves with a message only when that fails. */
async function verifyFromLink(): Promise<string> {
  const query = new URLSearchParams(location.search);
  // Out of the address bar (and the history) before anything else: the code is a secret.
  history.replaceState(null, '', location.pathname);
  const link = v.safeParse(VerifyAccountSchema, { email: query.get('email') ?? '', otp: query.get('code') ?? '' });
  if (!link.success) return BROKEN_LINK;
  rememberEmail('verify', link.output.email);
  try {
    await verifyAccount(link.output.email, link.output.otp);
    // Signed in: the browser is on its way to the next page.
    return new Promise<string>(() => undefined);
  } catch (error) {
    return messageOf(error);
  }
}

function EmailVerification() {
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    void verifyFromLink().then((message) => setState({ kind: 'failed', message }));
  }, []);

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
