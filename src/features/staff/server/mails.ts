// The invitation mail: who invited, what to do, how long the link works.
import { escapeHtml, htmlParagraph, oneLine, renderMailHtml } from '#server/mail/html.ts';
import { COLLEGE_NAME, type OutgoingMail } from '#server/mail/mailer.ts';
import { INVITATION_HOURS } from './invitations.ts';

export function invitationMail(to: { email: string; name: string; role: string }, link: string): OutgoingMail {
  const title = `You are invited to the ${COLLEGE_NAME} staff console`;
  const lead = `You have been given a ${to.role === 'admin' ? 'admin' : 'staff'} account on the staff console. Open the link to choose a password and set up an authenticator app on your phone.`;
  const lasts = `The link works once, for ${INVITATION_HOURS} hours.`;
  const notYou = 'If you were not expecting this, ignore this e-mail: nothing happens without the link.';
  const greeting = `Hello ${oneLine(to.name)},`;
  const text = [greeting, '', lead, '', link, '', lasts, '', notYou].join('\n');
  const html = renderMailHtml(title, [
    htmlParagraph(greeting),
    htmlParagraph(lead),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}">Set up your staff account</a></p>`,
    htmlParagraph(lasts),
    htmlParagraph(notYou),
  ]);
  return { kind: 'staff_invitation', to: { name: oneLine(to.name), address: to.email }, subject: title, text, html };
}
