// The form kit, assembled: useAppForm is TanStack Form's useForm plus the kit's components, so a
// form writes <form.AppField name=... validators=...>{(field) => <field.TextField label=... />}
// </form.AppField> and <form.SubmitButton>. Valibot schemas are Standard Schemas and plug straight
// into validators: a field's own schema on change, the form's schema on submit.
import { createFormHook } from '@tanstack/react-form';
import { DateField } from './DateField.tsx';
import { EmailField } from './EmailField.tsx';
import { Form } from './Form.tsx';
import { fieldContext, formContext } from './form-context.ts';
import { OtpField } from './OtpField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { PhoneField } from './PhoneField.tsx';
import { SelectField } from './SelectField.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { TextArea } from './TextArea.tsx';
import { TextField } from './TextField.tsx';

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, EmailField, PasswordField, TextArea, PhoneField, SelectField, DateField, OtpField },
  formComponents: { Form, SubmitButton },
});
