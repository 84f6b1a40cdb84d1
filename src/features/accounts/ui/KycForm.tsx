// /auth/signup/complete-kyc: gender, date of birth (capped at today), state and country, each with
// its required message (docs/product.md#field-messages). The state is one of the 37 while the
// country is Nigeria, and free text for anywhere else. Needs a signed-in student: anyone else
// goes to the login page first.
import { useStore } from '@nanostores/react';
import { useSelector } from '@tanstack/react-form';
import { useEffect, useState } from 'react';
import { localIsoDate } from '#lib/forms/local-date.ts';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useChoiceForm } from '#lib/forms/use-choice-form.ts';
import { go, loginUrl } from '#lib/navigation.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { NIGERIAN_STATES } from '#lib/schemas/nigeria.ts';
import { $session } from '#lib/session.ts';
import { kycSchema, type KycInput } from '../schemas.ts';
import { completeKyc } from '../stores.ts';
import { COUNTRY_OPTIONS, NIGERIA } from './countries.ts';
import { AUTH_FORM_PROPS } from './auth-form.ts';

const GENDERS = [
  { label: 'Female', value: 'female' },
  { label: 'Male', value: 'male' },
  { label: 'Other', value: 'other' },
] as const;
const STATES = NIGERIAN_STATES.map((state) => ({ label: state, value: state }));

function KycForm() {
  const session = useStore($session);
  // The schema caps the date of birth at the visitor's today, known only in the browser.
  const [schema] = useState(() => kycSchema(localIsoDate()));
  const fields = schema.pipe[0].entries;
  const form = useChoiceForm({
    defaultValues: { gender: '', date_of_birth: '', state: '', country: NIGERIA } as unknown as KycInput,
    validators: { onSubmit: schema },
    onSubmit: submitWithSchema(schema, (input) => completeKyc(input)),
  });
  const country = useSelector(form.store, (state) => state.values.country);
  const inNigeria = country.trim().toLowerCase() === NIGERIA.toLowerCase();

  useEffect(() => {
    // KYC belongs to an account: sign in first, then come back here by way of the login's own rule.
    if (!session) go(loginUrl(), { replace: true });
  }, [session]);

  return (
    <form.AppForm>
      <form.Form {...AUTH_FORM_PROPS}>
        <form.AppField name="gender" validators={{ onChange: fields.gender }}>
          {(field) => <field.SelectField label="Gender" placeholder="Select gender" options={GENDERS} required />}
        </form.AppField>
        <form.AppField name="date_of_birth" validators={{ onChange: fields.date_of_birth }}>
          {(field) => <field.DateField label="Date of birth" required />}
        </form.AppField>
        <form.AppField
          name="country"
          validators={{ onChange: fields.country }}
          listeners={{
            // A state chosen for one country means nothing in another.
            onChange: () => form.setFieldValue('state', ''),
          }}
        >
          {(field) => <field.SelectField label="Country" placeholder="Select country" options={COUNTRY_OPTIONS} required />}
        </form.AppField>
        <form.AppField name="state" validators={{ onChange: fields.state }}>
          {(field) =>
            inNigeria ? (
              <field.SelectField label="State" placeholder="Select state" options={STATES} required />
            ) : (
              <field.TextField label="State" placeholder="Enter state or region" autoComplete="address-level1" maxLength={80} required />
            )
          }
        </form.AppField>
        <form.SubmitButton>Continue</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(KycForm, 'KycForm');
