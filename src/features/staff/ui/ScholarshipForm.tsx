// A scholarship's terms, to create one or to edit one no student has taken a seat on: name, partner
// (a project page), courses, discount, seats, opening and closing days, and who may use it (an age
// range, states; both optional). Every field is labelled and says its own error under it.
import { createFormHook } from '@tanstack/react-form';
import type { CreateScholarship } from '#lib/schemas/scholarships.ts';
import { fieldContext, formContext } from '#lib/forms/form-context.ts';
import { Form } from '#lib/forms/Form.tsx';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { SubmitButton } from '#lib/forms/SubmitButton.tsx';
import { TextField } from '#lib/forms/TextField.tsx';
import { NIGERIAN_STATES } from '#lib/schemas/nigeria.ts';
import type { CourseOption, PartnerOption } from '../links.ts';
import {
  closingDayError,
  ScholarshipFieldSchemas as fields,
  ScholarshipFormSchema,
  type ScholarshipFormValues,
} from '../scholarship-form.ts';
import { CheckGroup, DateInput, SelectInput } from './choice-fields.tsx';

const { useAppForm: useScholarshipForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, SelectInput, DateInput, CheckGroup },
  formComponents: { Form, SubmitButton },
});

const STATES = NIGERIAN_STATES.map((state) => ({ id: state, title: state }));

interface ScholarshipFormProps {
  initial: ScholarshipFormValues;
  courses: CourseOption[];
  partners: PartnerOption[];
  /** The heading that names the form. */
  labelledBy: string;
  submitLabel: string;
  onSubmit: (terms: CreateScholarship) => Promise<unknown>;
  onCancel?: () => void;
}

export function ScholarshipForm({ initial, courses, partners, labelledBy, submitLabel, onSubmit, onCancel }: ScholarshipFormProps) {
  const form = useScholarshipForm({
    defaultValues: initial,
    validators: { onSubmit: ScholarshipFormSchema },
    onSubmit: submitWithSchema(ScholarshipFormSchema, onSubmit),
  });
  return (
    <form.AppForm>
      <form.Form aria-labelledby={labelledBy}>
        <form.AppField name="name" validators={{ onChange: fields.name }}>
          {(field) => <field.TextField label="Name" placeholder="LSETF Fashion Skills 2027" maxLength={120} required />}
        </form.AppField>
        <form.AppField name="partner" validators={{ onChange: fields.partner }}>
          {(field) => <field.SelectInput label="Partner" placeholder="Choose a partner" choices={partners} />}
        </form.AppField>
        <form.AppField name="course_ids" validators={{ onChange: fields.course_ids }}>
          {(field) => <field.CheckGroup label="Courses" choices={courses} />}
        </form.AppField>
        <div className="form-row">
          <form.AppField name="discount_percent" validators={{ onChange: fields.discount_percent }}>
            {(field) => <field.TextField label="Discount (%)" inputMode="numeric" placeholder="50" maxLength={3} required />}
          </form.AppField>
          <form.AppField name="seats" validators={{ onChange: fields.seats }}>
            {(field) => <field.TextField label="Seats" inputMode="numeric" placeholder="100" maxLength={6} required />}
          </form.AppField>
        </div>
        <div className="form-row">
          <form.AppField name="starts_at" validators={{ onChange: fields.starts_at }}>
            {(field) => <field.DateInput label="Opens on" hint="From the start of this day, Lagos time." />}
          </form.AppField>
          <form.AppField
            name="ends_at"
            validators={{
              onChangeListenTo: ['starts_at'],
              onChange: ({ value, fieldApi }) => closingDayError(fieldApi.form.getFieldValue('starts_at'), value),
            }}
          >
            {(field) => <field.DateInput label="Closes on" hint="To the end of this day, Lagos time." />}
          </form.AppField>
        </div>
        <div className="form-row">
          <form.AppField name="min_age" validators={{ onChange: fields.min_age }}>
            {(field) => <field.TextField label="Youngest age (optional)" inputMode="numeric" placeholder="18" maxLength={3} />}
          </form.AppField>
          <form.AppField name="max_age" validators={{ onChange: fields.max_age }}>
            {(field) => <field.TextField label="Oldest age (optional)" inputMode="numeric" placeholder="35" maxLength={3} />}
          </form.AppField>
        </div>
        <form.AppField name="states" validators={{ onChange: fields.states }}>
          {(field) => <field.CheckGroup label="States (optional)" hint="None chosen: students in every state." choices={STATES} short />}
        </form.AppField>
        <div className="staff-actions">
          <form.SubmitButton>{submitLabel}</form.SubmitButton>
          {onCancel && (
            <button type="button" className="btn btn-outline" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </form.Form>
    </form.AppForm>
  );
}
