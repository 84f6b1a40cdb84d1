// What both code pages show (docs/product.md#auth-flows): the address the code went to, read-only
// once it is known from the link or this browser; the code boxes; what the page adds (its other
// fields and its button, as children); and 'Resend code' with its countdown below them all. After a
// resend the boxes are emptied of the old code and its message, the first box has focus, and a
// status line says where the new code went.
// A field group: each form maps `email` and `code` onto its own field names (otp, token).
import { useSelector } from '@tanstack/react-form';
import { useRef, type ReactNode } from 'react';
import { clearServerError } from '#lib/forms/server-errors.ts';
import { withCodeFieldGroup } from '#lib/forms/use-code-form.ts';
import { EmailSchema } from '#lib/schemas/fields.ts';
import { CODE_LENGTH, OtpCodeSchema, validEmail } from '../schemas.ts';
import type { CodeFlow } from '../sent-codes.ts';
import { ResendCode } from './ResendCode.tsx';
import { useKnownEmail } from './use-known-email.ts';

interface CodeFieldsProps {
  purpose: CodeFlow;
  /** The code boxes' label ('Verification code', 'Reset code'). */
  codeLabel: string;
  children?: ReactNode;
}

const defaults: CodeFieldsProps = { purpose: 'verify', codeLabel: '' };

export const CodeFields = withCodeFieldGroup({
  defaultValues: { email: '', code: '' },
  props: defaults,
  render: function Render({ group, purpose, codeLabel, children }) {
    const known = useKnownEmail(purpose, (email) => group.setFieldValue('email', email));
    const email = useSelector(group.store, (state) => state.values.email);
    const boxes = useRef<HTMLDivElement>(null);
    const onSent = () => {
      group.resetField('code');
      clearServerError(group.form, group.getFormFieldName('code'));
      requestAnimationFrame(() => boxes.current?.querySelector('input')?.focus());
    };

    return (
      <>
        <group.AppField name="email" validators={{ onChange: EmailSchema }}>
          {(field) => <field.EmailField readOnly={!!known && known === email} />}
        </group.AppField>
        <div ref={boxes} className="code-boxes">
          <group.AppField name="code" validators={{ onChange: OtpCodeSchema }}>
            {(field) => <field.OtpField label={codeLabel} length={CODE_LENGTH} />}
          </group.AppField>
        </div>
        {children}
        <ResendCode purpose={purpose} email={validEmail(email)} onSent={onSent} />
      </>
    );
  },
});
