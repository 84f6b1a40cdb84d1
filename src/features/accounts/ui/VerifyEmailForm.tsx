// /auth/otp-verification: the address the code went to and the code boxes; 'Resend code' with its
// countdown below. A right code signs the student in and moves on to KYC (docs/product.md#auth-flows);
// a wrong one stays here with the server's message under the boxes. Verified meanwhile by the
// e-mail's link in another tab, it moves on just the same. It waits for a person (client:interaction):
// until then the page's load script shows the address and the countdown (code-page-at-load.ts).
import { useStore } from '@nanostores/react';
import { useSelector } from '@tanstack/react-form';
import { useEffect } from 'react';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useCodeForm } from '#lib/forms/use-code-form.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { $session } from '#lib/session.ts';
import { emailAtLoad } from '../code-page-at-load.ts';
import { VerifyAccountSchema } from '../schemas.ts';
import { carryOnIfVerified, verifyAccount } from '../stores.ts';
import { CodeFields } from './CodeFields.tsx';
import { AUTH_FORM_PROPS } from './auth-form.ts';

function VerifyEmailForm() {
  const form = useCodeForm({
    defaultValues: { email: emailAtLoad(), otp: '' },
    validators: { onSubmit: VerifyAccountSchema },
    onSubmit: submitWithSchema(VerifyAccountSchema, ({ email, otp }) => verifyAccount(email, otp)),
  });
  // Verified by the e-mail's link in another tab: this tab's session follows, and so does the page.
  const session = useStore($session);
  const email = useSelector(form.store, (state) => state.values.email);
  useEffect(() => carryOnIfVerified(session, email || null), [session, email]);

  return (
    <form.AppForm>
      <form.Form {...AUTH_FORM_PROPS}>
        <CodeFields form={form} fields={{ email: 'email', code: 'otp' }} purpose="verify" codeLabel="Verification code">
          <form.SubmitButton>Verify</form.SubmitButton>
        </CodeFields>
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(VerifyEmailForm, 'VerifyEmailForm');
