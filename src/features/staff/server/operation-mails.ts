// The mails the console's operations send: to a student whose payment was refunded or who was
// enrolled by hand (their receipt), and a member's reply to a contact or tutor request.
import { htmlParagraph, mailRecipient, oneLine, renderMailHtml } from '#server/mail/html.ts';
import { COLLEGE_NAME, type OutgoingMail } from '#server/mail/mailer.ts';

interface Student {
  firstName: string;
  lastName: string;
  email: string;
}

function mail(kind: string, to: OutgoingMail['to'], title: string, lines: string[], replyTo?: OutgoingMail['replyTo']): OutgoingMail {
  return {
    kind,
    to,
    subject: title,
    text: lines.join('\n\n'),
    html: renderMailHtml(title, lines.map(htmlParagraph)),
    ...(replyTo ? { replyTo } : {}),
  };
}

export function refundMail(student: Student, course: string, amount: string, reference: string, enrolmentEnded: boolean): OutgoingMail {
  return mail('refund', mailRecipient(student), `Your payment for ${oneLine(course)} is refunded`, [
    `Hello ${oneLine(student.firstName)},`,
    `We have refunded your payment of ${amount} for ${course} (reference ${reference}). Your bank usually shows it within 10 working days.`,
    enrolmentEnded ? 'You are no longer enrolled in the course.' : 'You are still enrolled in the course.',
    'If you have a question, reply to this e-mail.',
  ]);
}

export function manualReceiptMail(student: Student, course: string, amount: string | null, note: string, date: string): OutgoingMail {
  return mail('receipt', mailRecipient(student), `Your receipt: ${oneLine(course)}`, [
    `Hello ${oneLine(student.firstName)},`,
    'You are enrolled, and the course is waiting in My courses.',
    [`Course: ${course}`, ...(amount ? [`Amount received: ${amount}`] : []), `Paid by: ${oneLine(note)}`, `Date: ${date}`].join('\n'),
    'Keep this e-mail as your receipt. If something here is wrong, reply to this e-mail.',
  ]);
}

export function requestReplyMail(
  to: { firstName: string; lastName: string; email: string },
  body: string,
  staffEmail: string,
  kind: 'contact' | 'tutor_request',
): OutgoingMail {
  const about = kind === 'tutor_request' ? 'your tutor request' : 'your message';
  return mail(
    'request_reply',
    mailRecipient(to),
    `${COLLEGE_NAME}: a reply to ${about}`,
    [`Hello ${oneLine(to.firstName)},`, body, `${COLLEGE_NAME}`],
    { name: COLLEGE_NAME, address: staffEmail },
  );
}
