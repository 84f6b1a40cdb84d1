// /staff/login: e-mail and password, then the authenticator's 6-digit code or a recovery code.
// A wrong pair or code stays on the form with the server's message under the field.
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '#lib/errors.ts';
import { doubtFields } from '#lib/forms/server-errors.ts';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import { StaffLoginSchema, StaffMfaSchema } from '../schemas.ts';
import { $staffSession, staffNext } from '../session.ts';

const CodeSchema = v.strictObject({ code: StaffMfaSchema.entries.code });
const WHY: Record<string, string> = {
  ended: 'Your staff session ended. Sign in again to go on.',
  idle: 'You were signed out after 15 minutes without activity.',
  out: 'You are signed out.',
};

function PasswordStep({ onChallenge }: { onChallenge: (challenge: string) => void }) {
  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    validators: { onSubmit: StaffLoginSchema },
    onSubmit: async (submission) => {
      try {
        await submitWithSchema(StaffLoginSchema, async ({ email, password }) =>
          onChallenge((await staffApi.logIn(email, password)).challenge),
        )(submission);
      } catch (error) {
        if (isApiError(error) && error.status === 401) doubtFields(submission.formApi, ['email', 'password'], 'password', error.message);
        throw error;
      }
    },
  });
  return (
    <form.AppForm>
      <form.Form aria-labelledby="staff-heading" className="auth-form">
        <form.AppField name="email" validators={{ onChange: StaffLoginSchema.entries.email }}>
          {(field) => <field.EmailField />}
        </form.AppField>
        <form.AppField name="password">
          {(field) => <field.PasswordField label="Password" autoComplete="current-password" required />}
        </form.AppField>
        <form.SubmitButton>Continue</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

function CodeStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const form = useAppForm({
    defaultValues: { code: '' },
    validators: { onSubmit: CodeSchema },
    onSubmit: async (submission) => {
      try {
        await submitWithSchema(CodeSchema, async ({ code }) => {
          $staffSession.set(await staffApi.mfa(challenge, code));
          location.assign(staffNext());
        })(submission);
      } catch (error) {
        if (isApiError(error) && error.status === 400) doubtFields(submission.formApi, ['code'], 'code', error.message);
        throw error;
      }
    },
  });
  return (
    <form.AppForm>
      <p className="staff-muted">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <form.Form aria-labelledby="staff-heading" className="auth-form">
        <form.AppField name="code">
          {(field) => <field.TextField label="Code" autoComplete="one-time-code" inputMode="text" maxLength={12} required />}
        </form.AppField>
        <form.SubmitButton>Sign in</form.SubmitButton>
      </form.Form>
      <button type="button" className="staff-link-button" onClick={onRestart}>
        Use another account
      </button>
    </form.AppForm>
  );
}

function StaffLogin() {
  const [challenge, setChallenge] = useState<string | null>(null);
  const why = typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('why') ?? '');
  return (
    <>
      <p className="staff-muted" role="status">
        {!challenge && WHY[why]}
      </p>
      {challenge ? <CodeStep challenge={challenge} onRestart={() => setChallenge(null)} /> : <PasswordStep onChallenge={setChallenge} />}
    </>
  );
}

export default withBoundary(StaffLogin, 'StaffLogin');
