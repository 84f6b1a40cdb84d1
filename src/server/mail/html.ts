// The HTML part of every mail: one plain, accessible layout with the college's name, and escaping
// for anything a visitor typed, so a message can never inject markup into a staff member's inbox.
import { COLLEGE_NAME } from './mailer.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Escaped text whose line breaks show as line breaks. */
export function htmlParagraph(text: string): string {
  return `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;
}

/** Wraps already-escaped HTML blocks in the college's mail layout. */
export function renderMailHtml(title: string, blocks: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 16px;font-weight:bold;color:#1e1b4b">${escapeHtml(COLLEGE_NAME)}</p>`,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>`,
    ...blocks,
    '</div></body></html>',
  ].join('\n');
}

/** Collapses line breaks and runs of spaces, for text that goes into a header such as Subject. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A student as a mail's recipient: their name on one line, and their address. */
export function mailRecipient(student: { firstName: string; lastName: string; email: string }) {
  return { name: oneLine(`${student.firstName} ${student.lastName}`), address: student.email };
}
