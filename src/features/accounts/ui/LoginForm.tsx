// /auth/login: e-mail and password. A wrong pair stays on the form with the server's message under
// the password (announced), and neither field keeps its tick; an
// unverified account goes on to the code page (a new code is on its way); after signing in the
// student goes back where they were going (?next=), else to the dashboard. A student whose
// session ended (the server, 12 idle minutes, a password change or reset) is told why in one
// line, finds the address filled in, and the password field ready.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { isApiError } from '#lib/errors.ts';
import { doubtFields } from '#lib/forms/server-errors.ts';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { nextFromQuery } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { parseSignedOutNote, REPLAY_TEXT, SIGNED_OUT_TEXT, storedSignedOutNote } from '#lib/signed-out-note.ts';
import { LoginSchema, type LoginInput } from '../schemas.ts';
import { logIn } from '../stores.ts';
import { AUTH_FORM_PROPS } from './auth-form.ts';
import { CURRENT_PASSWORD_FIELD } from './current-password.tsx';

const fields = LoginSchema.entries;
const noSubscription = () => () => {};

function LoginForm() {
  const form = useAppForm({
    defaultValues: { email: '', password: '' } satisfies LoginInput,
    validators: { onSubmit: LoginSchema },
    onSubmit: async (submission) => {
      try {
        await submitWithSchema(LoginSchema, (input) => logIn(input, nextFromQuery()))(submission);
      } catch (error) {
        // A wrong pair: said in the form as well as in the toast (which leaves), and neither field keeps its tick.
        if (isApiError(error) && error.status === 401) doubtFields(submission.formApi, ['email', 'password'], 'password', error.message);
        throw error;
      }
    },
  });
  // Read after hydrating (null on the server): the page was built without knowing.
  const stored = useSyncExternalStore(noSubscription, storedSignedOutNote, () => null);
  const note = useMemo(() => parseSignedOutNote(stored), [stored]);
  useEffect(() => {
    if (!note?.email || form.getFieldValue('email')) return;
    form.setFieldValue('email', note.email);
    // Nothing typed or focused yet: the password is what is left to give.
    if (document.activeElement === document.body)
      document.querySelector<HTMLInputElement>('form.auth-form input[name="password"]')?.focus();
  }, [form, note]);

  return (
    <form.AppForm>
      <p className="auth-why" role="status">
        {note && `${SIGNED_OUT_TEXT[note.why]}${note.replay ? ` ${REPLAY_TEXT}` : ''}`}
      </p>
      <form.Form {...AUTH_FORM_PROPS}>
        <form.AppField name="email" validators={{ onChange: fields.email }}>
          {(field) => <field.EmailField />}
        </form.AppField>
        <form.AppField name="password" validators={{ onChange: fields.password }}>
          {(field) => <field.PasswordField {...CURRENT_PASSWORD_FIELD} />}
        </form.AppField>
        <form.SubmitButton>Log in</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(LoginForm, 'LoginForm');
