// A checkout opened twice for one course (two tabs, the Back button, a second tap on a slow phone)
// must not become two payments the student can both pay: while the first is pending and its
// provider page still open, checkout answers it again, the same reference and the same page.
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { payments, type PaymentProviderName } from '#server/db/schema.ts';

/** How long a provider's payment page is offered again; Paystack's stays usable for longer. */
const OPEN_PAYMENT_REUSED_MS = 30 * 60_000;

export interface OpenPayment {
  reference: string;
  authorizationUrl: string;
}

/** The student's newest pending payment for the course at today's price, opened within the half hour. */
export async function findOpenPayment(
  db: Database,
  match: { studentId: string; courseId: string; amountKobo: number; provider: PaymentProviderName },
  now: Date,
): Promise<OpenPayment | null> {
  const [open] = await db
    .select({ reference: payments.reference, authorizationUrl: payments.authorizationUrl })
    .from(payments)
    .where(
      and(
        eq(payments.studentId, match.studentId),
        eq(payments.courseId, match.courseId),
        eq(payments.amountKobo, match.amountKobo),
        eq(payments.provider, match.provider),
        eq(payments.status, 'pending'),
        isNotNull(payments.authorizationUrl),
        gt(payments.createdAt, new Date(now.getTime() - OPEN_PAYMENT_REUSED_MS)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return open?.authorizationUrl ? { reference: open.reference, authorizationUrl: open.authorizationUrl } : null;
}
