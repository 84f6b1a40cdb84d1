// /auth/otp-verification: the address the code went to and the code boxes; 'Resend code' with its
// countdown below. A right code signs the student in and moves on to KYC (docs/product.md#auth-flows);
// a wrong one stays here with the server's message under the boxes.
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useCodeForm } from '#lib/forms/use-code-form.ts';
import { useSelector } from '@tanstack/react-form';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { CODE_LENGTH, validEmail, OtpCodeSchema, VerifyAccountSchema } from '../schemas.ts';
import { verifyAccount } from '../stores.ts';
import { ResendCode } from './ResendCode.tsx';
import { useKnownEmail } from './use-known-email.ts';

const fields = VerifyAccountSchema.entries;

function VerifyEmailForm() {
  const form = useCodeForm({
    defaultValues: { email: '', otp: '' },
    validators: { onSubmit: VerifyAccountSchema },
    onSubmit: submitWithSchema(VerifyAccountSchema, ({ email, otp }) => verifyAccount(email, otp)),
  });
  const known = useKnownEmail('verify', (email) => form.setFieldValue('email', email));
  const email = useSelector(form.store, (state) => state.values.email);

  return (
    <form.AppForm>
      <form.Form aria-labelledby="auth-heading" className="auth-form">
        <form.AppField name="email" validators={{ onChange: fields.email }}>
          {(field) => <field.EmailField readOnly={!!known && known === email} />}
        </form.AppField>
        <form.AppField name="otp" validators={{ onChange: OtpCodeSchema }}>
          {(field) => <field.OtpField label="Verification code" length={CODE_LENGTH} />}
        </form.AppField>
        <form.SubmitButton>Verify</form.SubmitButton>
        <ResendCode purpose="verify" email={validEmail(email)} />
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(VerifyEmailForm, 'VerifyEmailForm');
