// useAppForm plus the select (APG combobox) and the date field: for forms that offer choices (KYC).
import { createFormHook } from '@tanstack/react-form';
import { DateField } from './DateField.tsx';
import { fieldContext, formContext } from './form-context.ts';
import { SelectField } from './SelectField.tsx';
import { BASE_FIELDS, FORM_PARTS } from './use-app-form.ts';

export const { useAppForm: useChoiceForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { ...BASE_FIELDS, SelectField, DateField },
  formComponents: FORM_PARTS,
});
