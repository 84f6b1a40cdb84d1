// 'Get In Touch' (docs/product.md#public-site): the contact form, and with kind="tutor" the tutor request, which has the
// same fields and a Submit button. The button stays disabled until every field is valid; on success
// the server's message shows as a toast and the form empties; on an error what was typed stays.
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { requestTutor, sendContactMessage } from '../api.ts';
import { ContactSchema, type ContactInput } from '../schemas.ts';

type ContactKind = 'contact' | 'tutor';

interface ContactFormProps {
  kind?: ContactKind;
  /** The id of the heading that names the form, so it is announced as a named form landmark. */
  labelledBy?: string;
}

const EMPTY: ContactInput = { first_name: '', last_name: '', email: '', phone_number: '', message: '' };
const fields = ContactSchema.entries;
const SEND = { contact: sendContactMessage, tutor: requestTutor } as const;
const BUTTON = { contact: 'Contact Us', tutor: 'Submit' } as const;

function ContactForm({ kind = 'contact', labelledBy }: ContactFormProps) {
  const form = useAppForm({
    defaultValues: EMPTY,
    validators: { onSubmit: ContactSchema },
    onSubmit: submitWithSchema(ContactSchema, SEND[kind], { resetOnSuccess: true }),
  });

  return (
    <form.AppForm>
      <form.Form aria-labelledby={labelledBy} className="contact-form">
        <p className="form-note">All fields are required.</p>
        <div className="form-row">
          <form.AppField name="first_name" validators={{ onChange: fields.first_name }}>
            {(field) => <field.TextField label="First name" placeholder="Enter first name" autoComplete="given-name" required />}
          </form.AppField>
          <form.AppField name="last_name" validators={{ onChange: fields.last_name }}>
            {(field) => <field.TextField label="Last name" placeholder="Enter last name" autoComplete="family-name" required />}
          </form.AppField>
        </div>
        <form.AppField name="email" validators={{ onChange: fields.email }}>
          {(field) => <field.EmailField />}
        </form.AppField>
        <form.AppField name="phone_number" validators={{ onChange: fields.phone_number }}>
          {(field) => <field.PhoneField label="Phone number" required />}
        </form.AppField>
        <form.AppField name="message" validators={{ onChange: fields.message }}>
          {(field) => <field.TextArea label="Message" placeholder="Enter your message" maxLength={5000} required />}
        </form.AppField>
        <form.SubmitButton>{BUTTON[kind]}</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(ContactForm, 'ContactForm');
