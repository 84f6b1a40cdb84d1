// useAppForm plus the one-time-code boxes: for the code pages (e-mail verification, password reset).
import { createFormHook } from '@tanstack/react-form';
import { fieldContext, formContext } from './form-context.ts';
import { OtpField } from './OtpField.tsx';
import { BASE_FIELDS, FORM_PARTS } from './use-app-form.ts';

export const { useAppForm: useCodeForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { ...BASE_FIELDS, OtpField },
  formComponents: FORM_PARTS,
});
