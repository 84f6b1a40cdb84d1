// /staff/welcome?token=: the invitation's three steps. A password (the student rules), then the
// authenticator: the QR code of the otpauth:// URI with the secret as text beside it and one code
// to confirm, then the 10 recovery codes, shown this once, to copy or download.
import { useState } from 'react';
import * as v from 'valibot';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { PASSWORD_HINT, PasswordSchema } from '#lib/schemas/fields.ts';
import { staffApi } from '../api.ts';
import { ConfirmMfaSchema } from '../schemas.ts';
import { $staffSession, type StaffSession } from '../session.ts';
import { saveFile } from '../save-file.ts';
import { queryParam } from './use-load.ts';
import { ShownOnce } from './ShownOnce.tsx';
import { QrCode } from './QrCode.tsx';

const PasswordFormSchema = v.pipe(
  v.strictObject({ password: PasswordSchema, confirm: v.string() }),
  v.forward(
    v.check(({ password, confirm }) => password === confirm, 'Passwords do not match'),
    ['confirm'],
  ),
);
const CodeSchema = v.strictObject({ code: ConfirmMfaSchema.entries.code });
type Enrolment = { otpauth_url: string; secret: string };

function PasswordStep({ token, onDone }: { token: string; onDone: (enrolment: Enrolment) => void }) {
  const form = useAppForm({
    defaultValues: { password: '', confirm: '' },
    validators: { onSubmit: PasswordFormSchema },
    onSubmit: submitWithSchema(PasswordFormSchema, async ({ password }) => onDone(await staffApi.acceptInvite(token, password))),
  });
  return (
    <form.AppForm>
      <h2>1. Choose your password</h2>
      <form.Form aria-label="Choose your password" className="auth-form">
        <form.AppField name="password" validators={{ onChange: PasswordSchema }}>
          {(field) => <field.PasswordField label="Password" autoComplete="new-password" hint={PASSWORD_HINT} required />}
        </form.AppField>
        <form.AppField name="confirm">
          {(field) => <field.PasswordField label="Confirm password" autoComplete="new-password" required />}
        </form.AppField>
        <form.SubmitButton>Continue</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

function AuthenticatorStep({ token, enrolment, onDone }: { token: string; enrolment: Enrolment; onDone: (codes: string[]) => void }) {
  const form = useAppForm({
    defaultValues: { code: '' },
    validators: { onSubmit: CodeSchema },
    onSubmit: submitWithSchema(CodeSchema, async ({ code }) => {
      const { recovery_codes: codes, ...session } = await staffApi.confirmMfa(token, code);
      $staffSession.set(session satisfies StaffSession);
      onDone(codes);
    }),
  });
  return (
    <form.AppForm>
      <h2>2. Add the college to your authenticator app</h2>
      <div className="staff-qr-row">
        <QrCode text={enrolment.otpauth_url} label="QR code for your authenticator app" />
        <div>
          <p>
            Scan the code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or type this key into it:
          </p>
          <p>
            <code className="staff-secret" data-testid="staff-secret">
              {enrolment.secret}
            </code>
          </p>
        </div>
      </div>
      <form.Form aria-label="Confirm your authenticator" className="auth-form">
        <form.AppField name="code" validators={{ onChange: CodeSchema.entries.code }}>
          {(field) => (
            <field.TextField label="6-digit code from the app" autoComplete="one-time-code" inputMode="numeric" maxLength={7} required />
          )}
        </form.AppField>
        <form.SubmitButton>Confirm</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const download = () => saveFile(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }), 'adire-staff-recovery-codes.txt');
  return (
    <section aria-labelledby="recovery-heading">
      <h2 id="recovery-heading">3. Keep your recovery codes</h2>
      <p>Each code signs you in once if you lose your phone. They are shown only now: copy or download them and keep them safe.</p>
      <ShownOnce codes={codes} testId="recovery-codes" copied="Recovery codes copied.">
        <button type="button" className="btn btn-outline" onClick={download}>
          Download
        </button>
        <a className="btn" href="/staff">
          Go to the console
        </a>
      </ShownOnce>
    </section>
  );
}

function Welcome() {
  const [token] = useState(() => queryParam('token'));
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!token) return <p className="staff-error">This invitation link is incomplete. Open the link from your invitation e-mail again.</p>;
  if (codes) return <RecoveryCodes codes={codes} />;
  if (enrolment) return <AuthenticatorStep token={token} enrolment={enrolment} onDone={setCodes} />;
  return <PasswordStep token={token} onDone={setEnrolment} />;
}

export default withBoundary(Welcome, 'Welcome');
