// What follows every change of a password, whichever way it came (a reset code, or the settings
// page): every session of the account ends, the student is told in their notifications and by mail.
// Routes call this service rather than repeating the three steps (Epic Stack's auth.server.ts).
import type { ApiServices } from '#server/deps.ts';
import { htmlParagraph, mailRecipient, renderMailHtml } from '#server/mail/html.ts';
import type { OutgoingMail } from '#server/mail/mailer.ts';
import { notify } from '#server/notifications/notify.ts';
import { revokeAllSessions, type StudentRecord } from './sessions.ts';

export type PasswordChange = 'reset' | 'settings';

const NOTICES: Record<PasswordChange, string> = {
  reset: 'Your password was reset with a code sent to your e-mail address. If this was not you, contact us at once.',
  settings: 'Your password was changed in your settings. If this was not you, reset it and contact us at once.',
};
const TITLE = 'Your password was changed';

export async function passwordChanged(services: ApiServices, student: StudentRecord, how: PasswordChange, now: Date): Promise<void> {
  await revokeAllSessions(services.db, student.id);
  await notify(services.db, { studentId: student.id, kind: 'password', title: TITLE, body: NOTICES[how] }, now);
  await services.mailer.send(passwordChangedMail(student, services.env.PUBLIC_SITE_URL));
}

function passwordChangedMail(student: StudentRecord, siteUrl: string): OutgoingMail {
  const lines = [
    `Hello ${student.firstName},`,
    'The password of your Adire Fashion Academy account was just changed, and every device signed in to it was signed out.',
    `If this was you, there is nothing to do. If it was not, reset your password now at ${siteUrl}/auth/forgot-password and tell us by replying to this e-mail.`,
  ];
  return {
    to: mailRecipient(student),
    subject: TITLE,
    text: lines.join('\n\n'),
    html: renderMailHtml(TITLE, lines.map(htmlParagraph)),
    kind: 'password_changed',
  };
}
