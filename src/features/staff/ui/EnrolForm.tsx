// Enrol a student by hand (a bank transfer or cash): the course, how it was paid, a note and the
// amount received. The server mails a receipt and notifies the student.
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { ManualEnrolmentFormSchema } from '../console-schemas.ts';
import { staffApi } from '../api.ts';
import type { CourseOption } from '../links.ts';

export function EnrolForm({ studentId, courses, onDone }: { studentId: string; courses: CourseOption[]; onDone: () => void }) {
  const form = useAppForm({
    defaultValues: { course_id: courses[0]?.id ?? '', method: 'Bank transfer' as 'Bank transfer' | 'Cash', note: '', amount_received: '' },
    validators: { onSubmit: ManualEnrolmentFormSchema },
    onSubmit: submitWithSchema(
      ManualEnrolmentFormSchema,
      async ({ course_id, method, note, amount_received }) => {
        const amount = amount_received ? { amount_received: Number(amount_received).toFixed(2) } : {};
        await staffApi.enrol({ student_id: studentId, course_id, note: `${method}: ${note}`, ...amount });
        onDone();
      },
      { resetOnSuccess: true },
    ),
  });
  return (
    <form.AppForm>
      <form.Form aria-labelledby="enrol-heading" className="staff-enrol">
        <div className="staff-filters">
          <form.Field name="course_id">
            {(field) => (
              <label>
                Course
                <select name="course_id" value={field.state.value} onChange={(event) => field.handleChange(event.target.value)}>
                  {courses.map((course) => (
                    <option key={course.id} value={course.id}>
                      {course.title}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </form.Field>
          <form.Field name="method">
            {(field) => (
              <label>
                Paid by
                <select
                  name="method"
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value as 'Bank transfer' | 'Cash')}
                >
                  <option value="Bank transfer">Bank transfer</option>
                  <option value="Cash">Cash</option>
                </select>
              </label>
            )}
          </form.Field>
        </div>
        <form.AppField name="amount_received" validators={{ onChange: ManualEnrolmentFormSchema.entries.amount_received }}>
          {(field) => <field.TextField label="Amount received (₦)" inputMode="decimal" placeholder="180000" maxLength={12} />}
        </form.AppField>
        <form.AppField name="note" validators={{ onChange: ManualEnrolmentFormSchema.entries.note }}>
          {(field) => <field.TextArea label="Note (e.g. the transfer's reference)" rows={2} maxLength={480} required />}
        </form.AppField>
        <form.SubmitButton>Enrol</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
