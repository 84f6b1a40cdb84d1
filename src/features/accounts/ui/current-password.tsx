// The account's password where a student proves who they are (login, the e-mail link's page), with
// the way out for a forgotten one beside it.
import { AUTH_PATHS } from '../paths.ts';

export const CURRENT_PASSWORD_FIELD = {
  label: 'Password',
  autoComplete: 'current-password',
  required: true,
  after: (
    <a className="field-link" href={AUTH_PATHS.forgot}>
      Forgot your password?
    </a>
  ),
} as const;
