// useAppForm plus the one-time-code boxes: for the code pages (e-mail verification, password reset).
// withCodeFieldGroup builds a group of fields two code forms share, each mapping it onto its own names.
import { createFormHook } from '@tanstack/react-form';
import { fieldContext, formContext } from './form-context.ts';
import { OtpField } from './OtpField.tsx';
import { BASE_FIELDS, FORM_PARTS } from './use-app-form.ts';

export const { useAppForm: useCodeForm, withFieldGroup: withCodeFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { ...BASE_FIELDS, OtpField },
  formComponents: FORM_PARTS,
});
