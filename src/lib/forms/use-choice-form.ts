// The text field, the select (APG combobox) and the date field: for forms that offer choices (KYC).
// Only these: the hook bundles every component it names, and the password and phone fields (with
// the phone's numbering rules) would add a few KB the KYC page never uses.
import { createFormHook } from '@tanstack/react-form';
import { DateField } from './DateField.tsx';
import { fieldContext, formContext } from './form-context.ts';
import { Form } from './Form.tsx';
import { SelectField } from './SelectField.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { TextField } from './TextField.tsx';

export const { useAppForm: useChoiceForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, SelectField, DateField },
  // Not FORM_PARTS from use-app-form.ts: importing that module builds its hook, fields and all.
  formComponents: { Form, SubmitButton },
});
