// The mail staff receive for a contact message or a tutor request. Replying answers the sender.
import type { ContactKind } from '#server/db/schema.ts';
import { escapeHtml, htmlParagraph, oneLine, renderMailHtml } from '#server/mail/html.ts';
import type { OutgoingMail } from '#server/mail/mailer.ts';
import type { ContactMessage } from '../schemas.ts';

const TITLES: Record<ContactKind, string> = {
  contact: 'New contact message',
  tutor_request: 'New tutor request',
};

export function composeStaffMail(kind: ContactKind, message: ContactMessage, staffEmail: string): OutgoingMail {
  // Names are free text: keep them on one line wherever they end up in a header.
  const senderName = oneLine(`${message.first_name} ${message.last_name}`);
  const title = TITLES[kind];
  const details: [string, string][] = [
    ['Name', senderName],
    ['Email', message.email],
    ['Phone', message.phone_number],
  ];
  const text = [
    `${title} from the website.`,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    message.message,
    '',
    'Reply to this e-mail to answer the sender.',
  ].join('\n');
  const rows = details.map(
    ([label, value]) => `<tr><th align="left" style="padding:4px 16px 4px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`,
  );
  const html = renderMailHtml(title, [
    `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows.join('')}</table>`,
    '<h2 style="font-size:16px;margin:0 0 8px">Message</h2>',
    htmlParagraph(message.message),
    htmlParagraph('Reply to this e-mail to answer the sender.'),
  ]);
  return {
    kind,
    to: staffEmail,
    subject: `${title} from ${senderName}`,
    text,
    html,
    replyTo: { name: senderName, address: message.email },
  };
}
