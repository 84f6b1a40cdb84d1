// The form kit, assembled: useAppForm is TanStack Form's useForm plus the kit's components, so a
// form writes <form.AppField name=... validators=...>{(field) => <field.TextField label=... />}
// </form.AppField> and <form.SubmitButton>. Valibot schemas are Standard Schemas and plug straight
// into validators: a field's own schema on change, the form's schema on submit.
// The hook bundles every component it names, so the heavier fields live in their own hooks:
// useChoiceForm adds the select and the date (KYC), useCodeForm the code boxes (code pages). A
// form page ships only what its hook names.
import { createFormHook } from '@tanstack/react-form';
import { EmailField } from './EmailField.tsx';
import { Form } from './Form.tsx';
import { fieldContext, formContext } from './form-context.ts';
import { PasswordField } from './PasswordField.tsx';
import { PhoneField } from './PhoneField.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { TextArea } from './TextArea.tsx';
import { TextField } from './TextField.tsx';

export const BASE_FIELDS = { TextField, EmailField, PasswordField, TextArea, PhoneField };
export const FORM_PARTS = { Form, SubmitButton };

export const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: BASE_FIELDS,
  formComponents: FORM_PARTS,
});
