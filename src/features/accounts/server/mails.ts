// The account mails: the e-mail verification code and the password reset code. Each says what to
// do, and what to do if it was not you. Codes appear only in the mail itself: the mail log line names the kind, never the content.
import { escapeHtml, htmlParagraph, mailRecipient, renderMailHtml } from '#server/mail/html.ts';
import type { OutgoingMail } from '#server/mail/mailer.ts';
import type { StudentRecord } from '#server/auth/sessions.ts';

const NOT_YOU = 'If this was not you, you can ignore this e-mail: nothing changes without the code or the link.';

interface MailLink {
  /** The page the link opens. */
  page: string;
  /** The link's long token (links.ts); never the 6-digit code, so guesses at the code never stop the link. */
  token: string;
  /** A same-site path to go on to afterwards (e.g. the checkout the student signed up from). */
  next?: string | null;
  /** The link's words in the HTML mail, and how long it works. */
  label: string;
  hours: number;
}

function codeMail(
  student: StudentRecord,
  kind: string,
  title: string,
  lead: string,
  code: string,
  siteUrl: string,
  link: MailLink,
): OutgoingMail {
  const query = new URLSearchParams({ email: student.email, token: link.token, ...(link.next ? { next: link.next } : {}) });
  const url = `${siteUrl}${link.page}?${query.toString()}`;
  const lasts = `The link works for ${link.hours === 1 ? '1 hour' : `${link.hours} hours`}.`;
  const text = [
    `Hello ${student.firstName},`,
    '',
    lead,
    '',
    `    ${code}`,
    '',
    'The code works for 10 minutes.',
    '',
    `Or open this link: ${url}`,
    lasts,
    '',
    NOT_YOU,
  ].join('\n');
  const html = renderMailHtml(title, [
    htmlParagraph(`Hello ${student.firstName},`),
    htmlParagraph(lead),
    `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>`,
    htmlParagraph('The code works for 10 minutes.'),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}">${escapeHtml(link.label)}</a></p>`,
    htmlParagraph(lasts),
    htmlParagraph(NOT_YOU),
  ]);
  return { to: mailRecipient(student), subject: title, text, html, kind };
}

export function verificationCodeMail(
  student: StudentRecord,
  code: string,
  link: { token: string; next?: string | null; hours: number },
  siteUrl: string,
): OutgoingMail {
  return codeMail(
    student,
    'verification_code',
    'Your verification code',
    'Welcome to Adire Fashion Academy. Enter this code to confirm your e-mail address:',
    code,
    siteUrl,
    { page: '/auth/email-verification', label: 'Confirm my e-mail address', ...link },
  );
}

export function resetCodeMail(student: StudentRecord, code: string, link: { token: string; hours: number }, siteUrl: string): OutgoingMail {
  return codeMail(
    student,
    'reset_code',
    'Your password reset code',
    'Someone asked to reset the password of your account. Enter this code to choose a new password:',
    code,
    siteUrl,
    { page: '/auth/reset-password', label: 'Choose a new password', ...link },
  );
}

/** Code entry for the account paused after too many wrong codes: the owner should know someone tried. */
export function codesPausedMail(student: StudentRecord, minutes: number, siteUrl: string): OutgoingMail {
  const title = 'Too many wrong codes for your account';
  const lines = [
    `Hello ${student.firstName},`,
    `Someone entered too many wrong codes for your Adire Fashion Academy account, so codes cannot be entered for it for the next ${minutes} minutes. Your password has not changed.`,
    `If this was you, wait and ask for a new code. If it was not, nothing is needed: your account is safe. You can still sign in with your password at ${siteUrl}/auth/login.`,
  ];
  return {
    to: mailRecipient(student),
    subject: title,
    text: lines.join('\n\n'),
    html: renderMailHtml(title, lines.map(htmlParagraph)),
    kind: 'codes_paused',
  };
}
