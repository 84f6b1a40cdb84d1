// Checkout with a scholarship code (docs/product.md, 'Scholarships and discount codes'). The code is
// judged again under its scholarship's row lock (#server/scholarships/take-code.ts): a partial
// discount holds it for the payment about to start, a 100 % one enrols at once, with no payment, a
// notification and a receipt mail that says scholarship. Every try counts against the code limits.
import type { Context } from 'hono';
import { formatDate, formatNaira } from '#lib/format.ts';
import { koboToDecimal } from '#lib/money.ts';
import type { StudentRecord } from '#server/auth/sessions.ts';
import { enrolments } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { notify } from '#server/notifications/notify.ts';
import { tryCode } from '#server/scholarships/code-tries.ts';
import { holdCode, judgeCode, useCode, type CodeTerms } from '#server/scholarships/take-code.ts';
import { receiptMail } from './mails.ts';

export const ALREADY_ENROLLED = 'You are already enrolled in this course.';

interface Course {
  id: string;
  title: string;
  priceKobo: number;
}

/** What checkout does with the code: a payment for `terms.totalKobo` (the code held), or enrolled already. */
export type CodeCheckout = { kind: 'pay'; terms: CodeTerms } | { kind: 'enrolled'; terms: CodeTerms };

export async function checkoutWithCode(
  services: ApiServices,
  c: Context,
  student: StudentRecord,
  course: Course,
  code: string,
): Promise<CodeCheckout> {
  const { db } = services;
  const now = services.clock();
  const outcome = await tryCode(services, c, student.id, () =>
    db.transaction(async (tx): Promise<CodeCheckout> => {
      const terms = await judgeCode(tx, student, course, code, now, true);
      if (terms.totalKobo > 0) {
        await holdCode(tx, terms.codeId, student.id, now);
        return { kind: 'pay', terms };
      }
      const enrolled = await tx
        .insert(enrolments)
        .values({
          studentId: student.id,
          courseId: course.id,
          enrolledAt: now,
          source: 'scholarship',
          scholarshipCodeId: terms.codeId,
          discountKobo: terms.discountKobo,
        })
        .onConflictDoNothing({ target: [enrolments.studentId, enrolments.courseId] })
        .returning({ id: enrolments.id });
      // Enrolled meanwhile (another tab): the transaction ends here and the code stays unused.
      if (enrolled.length === 0) throw new ApiError(409, ALREADY_ENROLLED);
      await useCode(tx, terms.codeId, student.id, now);
      await notify(
        tx,
        {
          studentId: student.id,
          kind: 'enrolment',
          title: `You are enrolled in ${course.title}`,
          body: `Your scholarship, ${terms.mention.name} (${terms.mention.partner_name}), pays the whole price. The course is in My courses.`,
          sourceKey: `scholarship:${terms.codeId}`,
        },
        now,
      );
      return { kind: 'enrolled', terms };
    }),
  );
  if (outcome.kind === 'enrolled') await mailScholarshipReceipt(services, student, course, outcome.terms, now);
  return outcome;
}

/** The receipt of a scholarship that pays it all; a mail service that is down never undoes the enrolment. */
async function mailScholarshipReceipt(services: ApiServices, student: StudentRecord, course: Course, terms: CodeTerms, now: Date) {
  try {
    await services.mailer.send(
      receiptMail({
        to: { name: `${student.firstName} ${student.lastName}`, address: student.email },
        firstName: student.firstName,
        course: course.title,
        amount: formatNaira(koboToDecimal(0)),
        date: formatDate(now),
        scholarship: {
          name: terms.mention.name,
          partner: terms.mention.partner_name,
          discount: formatNaira(koboToDecimal(terms.discountKobo)),
        },
      }),
    );
  } catch (error) {
    services.log.error(`[payments] the scholarship receipt for ${student.id} in ${course.id} did not go out`, error);
  }
}
