// Who a person is, as the sign-up form and the contact forms ask it: first and last name side by
// side, then the e-mail address and a Nigerian phone number, all required. One block for both, so
// the labels, hints and autocomplete tokens cannot drift apart; each form passes its own schema's
// rules for the four fields.
import type * as v from 'valibot';
import { withFieldGroup } from './use-app-form.ts';

type Rule = v.GenericSchema<string, unknown>;

export interface PersonRules {
  first_name: Rule;
  last_name: Rule;
  email: Rule;
  phone_number: Rule;
}

export const PersonFields = withFieldGroup({
  defaultValues: { first_name: '', last_name: '', email: '', phone_number: '' },
  props: { rules: {} as PersonRules },
  render: function PersonFieldsBlock({ group, rules }) {
    return (
      <>
        <div className="form-row">
          <group.AppField name="first_name" validators={{ onChange: rules.first_name }}>
            {(field) => (
              <field.TextField label="First name" placeholder="Enter first name" autoComplete="given-name" maxLength={80} required />
            )}
          </group.AppField>
          <group.AppField name="last_name" validators={{ onChange: rules.last_name }}>
            {(field) => (
              <field.TextField label="Last name" placeholder="Enter last name" autoComplete="family-name" maxLength={80} required />
            )}
          </group.AppField>
        </div>
        <group.AppField name="email" validators={{ onChange: rules.email }}>
          {(field) => <field.EmailField />}
        </group.AppField>
        <group.AppField name="phone_number" validators={{ onChange: rules.phone_number }}>
          {(field) => <field.PhoneField label="Phone number" required />}
        </group.AppField>
      </>
    );
  },
});
