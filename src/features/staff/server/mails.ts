// The invitation mail: who invited, what to do, how long the link works.
import { escapeHtml, htmlParagraph, oneLine, renderMailHtml } from '#server/mail/html.ts';
import { COLLEGE_NAME, type OutgoingMail } from '#server/mail/mailer.ts';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { staffMembers } from '#server/db/schema.ts';
import { INVITATION_HOURS } from './invitations.ts';

export function invitationMail(to: { email: string; name: string; role: string }, link: string): OutgoingMail {
  const title = `You are invited to the ${COLLEGE_NAME} staff console`;
  const lead = `You have been given ${to.role === 'admin' ? 'an admin' : 'a staff'} account on the staff console. Open the link to choose a password and set up an authenticator app on your phone.`;
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

/**
 * To the member, the first time wrong codes pause their code step: someone has their password.
 * Made after the answer (sendInBackground), so it reads the member itself.
 */
export async function codesPausedMail(db: Database, staffId: string, until: Date): Promise<OutgoingMail> {
  const [member] = await db.select().from(staffMembers).where(eq(staffMembers.id, staffId));
  if (!member) throw new Error('The member is gone');
  const title = 'Too many wrong codes at your staff sign-in';
  const lines = [
    `Hello ${oneLine(member.name)},`,
    `Someone signed in to the ${COLLEGE_NAME} staff console with your password and then entered too many wrong authenticator codes, so codes are refused for your account until ${until.toISOString().slice(11, 16)} UTC.`,
    'If this was not you, your password is known to someone else: tell an admin now, who can remove the account and invite you again.',
  ];
  return {
    kind: 'staff_codes_paused',
    to: { name: oneLine(member.name), address: member.email },
    subject: title,
    text: lines.join('\n\n'),
    html: renderMailHtml(title, lines.map(htmlParagraph)),
  };
}
