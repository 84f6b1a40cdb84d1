// The scholarship code's field and Apply (docs/product.md, 'Scholarships and discount codes'),
// fetched when the student opens it (ScholarshipCode.tsx). Apply asks the server for the quote; the
// summary's lines show it. A refusal, whether of the quote or of checkout itself (the last seat went
// meanwhile), is the field's message, tied to it as every kit field's is. Changing or clearing an
// applied code, or Remove code, goes back to the full price.
// Only the kit's text field and form parts are assembled here, not useAppForm's every field.
import { useStore } from '@nanostores/react';
import { createFormHook } from '@tanstack/react-form';
import { useEffect, useRef } from 'react';
import { Form } from '#lib/forms/Form.tsx';
import { fieldContext, formContext } from '#lib/forms/form-context.ts';
import { clearServerErrors, setServerErrors } from '#lib/forms/server-errors.ts';
import { SubmitButton } from '#lib/forms/SubmitButton.tsx';
import { submitWithSchema } from '#lib/forms/submit-with-schema.ts';
import { TextField } from '#lib/forms/TextField.tsx';
import * as v from 'valibot';
import { CheckoutBodySchema } from '#lib/schemas/scholarships.ts';
import { $appliedCode, $codeRefusal, applyCode, removeCode } from '../stores.ts';

/**
 * The code as checkout's body checks it, once something is typed: an empty field asks for one
 * rather than calling it not valid.
 */
const CodeFieldSchema = v.pipe(v.string(), v.nonEmpty('Enter your scholarship code'), CheckoutBodySchema.entries.code.wrapped);
const CodeFormSchema = v.object({ code: CodeFieldSchema });

const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField },
  formComponents: { Form, SubmitButton },
});

interface ScholarshipCodeFormProps {
  courseId: string;
  focusOnOpen: boolean;
}

export default function ScholarshipCodeForm({ courseId, focusOnOpen }: ScholarshipCodeFormProps) {
  const applied = useStore($appliedCode);
  const refusal = useStore($codeRefusal);
  const box = useRef<HTMLDivElement>(null);
  const form = useAppForm({
    defaultValues: { code: applied?.code ?? '' },
    validators: { onSubmit: CodeFormSchema },
    onSubmit: submitWithSchema(CodeFormSchema, ({ code }) => applyCode(courseId, code)),
  });

  useEffect(() => {
    if (focusOnOpen) box.current?.querySelector('input')?.focus();
  }, [focusOnOpen]);

  // Checkout refused the code it was sent: said on the field, as a refused quote is.
  useEffect(() => {
    if (!refusal) return;
    setServerErrors(form, { code: [refusal] }, ['code']);
    box.current?.querySelector('input')?.focus();
  }, [refusal, form]);

  const remove = () => {
    removeCode();
    clearServerErrors(form);
    form.reset({ code: '' });
    box.current?.querySelector('input')?.focus();
  };

  return (
    <div ref={box}>
      <form.AppForm>
        <form.Form className="checkout-code-form" aria-label="Scholarship code">
          <form.AppField
            name="code"
            validators={{ onChange: CodeFieldSchema }}
            // The summary shows the applied code's price only while the field still holds that code.
            listeners={{ onChange: () => $appliedCode.get() && removeCode() }}
          >
            {(field) => (
              <field.TextField
                label="Have a scholarship code?"
                autoComplete="off"
                maxLength={40}
                hint="10 letters and digits, as the partner gave it to you"
              />
            )}
          </form.AppField>
          <div className="checkout-code-buttons">
            <form.SubmitButton className="btn-outline">Apply</form.SubmitButton>
            {applied && (
              <button type="button" className="btn btn-outline" onClick={remove}>
                Remove code
              </button>
            )}
          </div>
        </form.Form>
      </form.AppForm>
    </div>
  );
}
