// 'Get In Touch' (docs/product.md#public-site): the contact form, and with kind="tutor" the tutor request, which has the
// same fields and a Submit button. The button stays disabled until every field is valid; on success
// the server's message shows as a toast and the form empties; on an error what was typed stays.
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { PersonFields } from '#lib/forms/PersonFields.tsx';
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
/** The form's own fields the person block fills, by the same names. */
const PERSON = { first_name: 'first_name', last_name: 'last_name', email: 'email', phone_number: 'phone_number' } as const;
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
        <PersonFields form={form} fields={PERSON} rules={fields} />
        <form.AppField name="message" validators={{ onChange: fields.message }}>
          {(field) => <field.TextArea label="Message" placeholder="Enter your message" maxLength={5000} required />}
        </form.AppField>
        <form.SubmitButton>{BUTTON[kind]}</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

export default withBoundary(ContactForm, 'ContactForm');
