// Make a scholarship's codes (admin), and show the ones just made, once: the server keeps only their
// hashes, so this page is the one chance to copy them or download them as CSV for the partner.
import { useState } from 'react';
import type { Scholarship } from '#lib/schemas/scholarships.ts';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { useAppForm } from '#lib/forms/use-app-form.ts';
import { downloadCodes } from '../codes-csv.ts';
import { scholarshipApi } from '../scholarship-api.ts';
import { CodesFormSchema } from '../scholarship-form.ts';
import { ShownOnce } from './ShownOnce.tsx';

function NewCodes({ codes, scholarship }: { codes: string[]; scholarship: Scholarship }) {
  return (
    <section className="staff-card" aria-labelledby="new-codes-heading">
      <h3 id="new-codes-heading">{codes.length === 1 ? 'The new code' : `The ${codes.length.toLocaleString('en-NG')} new codes`}</h3>
      <p className="staff-notice">
        <strong>They are shown only now and will not be shown again.</strong> Copy them or download the CSV before you leave this page.
      </p>
      <ShownOnce codes={codes} label="New codes" copied="Codes copied.">
        <button type="button" className="btn" onClick={() => downloadCodes(codes, scholarship)}>
          Download CSV
        </button>
      </ShownOnce>
    </section>
  );
}

export function ScholarshipCodes({ scholarship, onMade }: { scholarship: Scholarship; onMade: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useAppForm({
    defaultValues: { count: '' },
    validators: { onSubmit: CodesFormSchema },
    // The count stays: emptied, the field focused again would say 'required' as soon as it was left.
    onSubmit: submitWithSchema(CodesFormSchema, async ({ count }) => {
      setCodes((await scholarshipApi.makeCodes(scholarship.id, count)).codes);
      onMade();
    }),
  });
  return (
    <>
      <h2 id="codes-heading">Codes</h2>
      <p className="staff-muted">
        {scholarship.codes_issued.toLocaleString('en-NG')} made so far. Each code is used once, by one student, and takes one seat.
      </p>
      {scholarship.status !== 'closed' && (
        <form.AppForm>
          <form.Form aria-labelledby="codes-heading" className="staff-inline-form">
            <form.AppField name="count" validators={{ onChange: CodesFormSchema.entries.count }}>
              {(field) => <field.TextField label="How many codes (1 to 500)" inputMode="numeric" placeholder="50" maxLength={3} required />}
            </form.AppField>
            <form.SubmitButton>Make codes</form.SubmitButton>
          </form.Form>
        </form.AppForm>
      )}
      {codes && <NewCodes codes={codes} scholarship={scholarship} />}
    </>
  );
}
