// The receipt a student gets when a payment succeeds: course, amount in naira, reference and date.
import { escapeHtml, htmlParagraph, oneLine, renderMailHtml } from '#server/mail/html.ts';
import type { OutgoingMail } from '#server/mail/mailer.ts';

export interface Receipt {
  to: { name: string; address: string };
  firstName: string;
  course: string;
  amount: string;
  /** None for a scholarship that pays the whole price: there was no payment. */
  reference?: string;
  date: string;
  /** The scholarship that paid some or all of it: its name and partner, and the discount. */
  scholarship?: { name: string; partner: string; discount: string };
}

export function receiptMail(receipt: Receipt): OutgoingMail {
  const { scholarship } = receipt;
  const rows: [string, string][] = [
    ['Course', receipt.course],
    ...(scholarship
      ? ([
          ['Scholarship', `${scholarship.name} (${scholarship.partner})`],
          ['Scholarship discount', scholarship.discount],
        ] as [string, string][])
      : []),
    ['Amount paid', receipt.amount],
    ...(receipt.reference ? ([['Reference', receipt.reference]] as [string, string][]) : []),
    ['Date', receipt.date],
  ];
  const title = `Your receipt: ${oneLine(receipt.course)}`;
  const lead = !scholarship
    ? 'Thank you for your payment. You are enrolled, and the course is waiting in My courses.'
    : receipt.reference
      ? 'Thank you for your payment. Your scholarship paid part of the price. You are enrolled, and the course is waiting in My courses.'
      : 'Your scholarship pays the whole price: nothing was charged. You are enrolled, and the course is waiting in My courses.';
  const text = [
    `Hello ${receipt.firstName},`,
    '',
    lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Keep this e-mail as your receipt. If you did not make this payment, reply to this e-mail and we will look into it.',
  ].join('\n');
  const table = `<table style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 16px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
  const html = renderMailHtml(title, [
    htmlParagraph(`Hello ${receipt.firstName},`),
    htmlParagraph(lead),
    table,
    htmlParagraph('Keep this e-mail as your receipt. If you did not make this payment, reply to this e-mail and we will look into it.'),
  ]);
  return { to: { name: oneLine(receipt.to.name), address: receipt.to.address }, subject: title, text, html, kind: 'receipt' };
}

/** To the staff: a payment for a course its student was already enrolled in, to refund. */
export function refundNeededMail(
  staff: string,
  course: string,
  reference: string,
  amount: string,
  why = 'in which they were already enrolled (two checkouts open at once, or the Back button)',
): OutgoingMail {
  const title = `Refund needed: ${oneLine(reference)}`;
  const lines = [
    `A student paid ${amount} for ${course}, ${why}.`,
    `Refund payment ${reference} through the payment provider. npm run admin -- refunds lists every payment to refund.`,
  ];
  return {
    to: staff,
    subject: title,
    text: lines.join('\n\n'),
    html: renderMailHtml(title, lines.map(htmlParagraph)),
    kind: 'refund_needed',
  };
}
