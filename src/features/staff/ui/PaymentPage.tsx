// /staff/payments/view?reference=: one payment, and its refund (admin) with a reason; a
// payment that is not success or needs_refund shows no refund button.
import { useState } from 'react';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import { staffApi } from '../api.ts';
import type { StaffPayment } from '../console-schemas.ts';
import { scholarshipHref, studentHref } from '../links.ts';
import { Badge, LoadState, naira, when } from './parts.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { queryParam, useLoad } from './use-load.ts';

const REFUNDABLE = new Set(['success', 'needs_refund']);

function PaymentPage() {
  const [reference] = useState(() => queryParam('reference'));
  const { data, busy, error } = useLoad(() => staffApi.payment(reference), [reference]);
  const [refunded, setRefunded] = useState<StaffPayment | null>(null);
  const [dialog, setDialog] = useState(false);
  const payment = refunded ?? data;
  if (!busy && !error && !payment) return <p className="staff-error">No payment has this reference.</p>;
  return (
    <LoadState busy={busy} error={error}>
      {payment && (
        <>
          <section className="staff-card" aria-label="Payment">
            <dl className="staff-dl">
              <dt>Reference</dt>
              <dd>{payment.reference}</dd>
              <dt>Status</dt>
              <dd>
                <Badge value={payment.status} />
              </dd>
              <dt>Amount</dt>
              <dd>{naira(payment.amount)}</dd>
              <dt>Discount</dt>
              <dd>{naira(payment.discount)}</dd>
              {payment.scholarship && (
                <>
                  <dt>Scholarship</dt>
                  <dd>
                    <a href={scholarshipHref(payment.scholarship.id)}>{payment.scholarship.name}</a>
                  </dd>
                </>
              )}
              <dt>Course</dt>
              <dd>{payment.course_id}</dd>
              <dt>Student</dt>
              <dd>
                <a href={studentHref(payment.student_id)}>{payment.email}</a>
              </dd>
              <dt>Provider</dt>
              <dd>{payment.provider}</dd>
              <dt>Created</dt>
              <dd>{when(payment.created_at)}</dd>
              <dt>Paid</dt>
              <dd>{when(payment.paid_at)}</dd>
              {payment.failure_reason && (
                <>
                  <dt>Why it failed</dt>
                  <dd>{payment.failure_reason}</dd>
                </>
              )}
              {payment.refunded_at && (
                <>
                  <dt>Refunded</dt>
                  <dd>
                    {when(payment.refunded_at)}: {payment.refund_reason}
                  </dd>
                </>
              )}
            </dl>
          </section>
          {REFUNDABLE.has(payment.status) && (
            <div className="staff-actions" data-admin-only>
              <button type="button" className="btn" onClick={() => setDialog(true)}>
                Refund
              </button>
            </div>
          )}
          <ReasonDialog
            title="Refund this payment"
            submitLabel="Refund"
            open={dialog}
            onClose={() => setDialog(false)}
            onSubmit={async (reason) => setRefunded(await staffApi.refund(payment.reference, reason))}
          >
            <p>
              {naira(payment.amount)} goes back to {payment.email} through {payment.provider}. The course it paid for ends unless another
              payment covers it, and the student is told by e-mail.
            </p>
          </ReasonDialog>
        </>
      )}
    </LoadState>
  );
}

export default withBoundary(PaymentPage, 'PaymentPage');
