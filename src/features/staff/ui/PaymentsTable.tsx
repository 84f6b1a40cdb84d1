// Payments as a table (the payments list and a student's page), each linking to its own page.
import { paymentHref } from '../links.ts';
import type { StaffPayment } from '../console-schemas.ts';
import { Badge, naira, when, TableBox } from './parts.tsx';

export function PaymentsTable({ payments, caption }: { payments: StaffPayment[]; caption?: string }) {
  if (!payments.length) return <p className="staff-muted">No payments.</p>;
  return (
    <TableBox label="Payments">
      <table className="staff-table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Status</th>
            <th scope="col">Amount</th>
            <th scope="col">Course</th>
            <th scope="col">Student</th>
            <th scope="col">Provider</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.reference}>
              <td data-label="Reference">
                <a href={paymentHref(payment.reference)}>{payment.reference}</a>
              </td>
              <td data-label="Status">
                <Badge value={payment.status} />
              </td>
              <td data-label="Amount">{naira(payment.amount)}</td>
              <td data-label="Course">{payment.course_id}</td>
              <td data-label="Student">{payment.email}</td>
              <td data-label="Provider">{payment.provider}</td>
              <td data-label="Date">{when(payment.paid_at ?? payment.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
