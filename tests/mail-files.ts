// The .eml files the server writes to DATA_DIR/outbox when no SMTP_URL is set, read back and
// decoded enough to assert on: for the end-to-end fixtures and the budget script's signed-in run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One mail the server wrote to its outbox, decoded enough to assert on. */
export interface Mail {
  file: string;
  to: string;
  replyTo: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The whole message as written, headers and every part. */
  raw: string;
}

/** The 6-digit code in a mail's text (sign-up and password-reset codes). */
export function codeIn(mail: Mail): string {
  const code = /(?<!\d)\d{6}(?!\d)/.exec(mail.text)?.[0];
  if (!code) throw new Error(`No 6-digit code in the mail "${mail.subject}" to ${mail.to}`);
  return code;
}

/** The outbox's file names, oldest first: each name starts with the time it was written. */
export function outboxFiles(outbox: string): string[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort();
}

/** Quoted-printable (RFC 2045) to text, as UTF-8. */
function fromQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header value with its encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) decoded. */
function headerText(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toLowerCase() === 'b' ? Buffer.from(word, 'base64').toString('utf8') : fromQuotedPrintable(word.replace(/_/g, ' ')),
    );
}

/** Splits a MIME entity into its headers (lower-case names, unfolded) and its body. */
function parseEntity(entity: string): { headers: Map<string, string>; body: string } {
  const split = /\r?\n\r?\n/.exec(entity);
  const head = split ? entity.slice(0, split.index) : entity;
  const body = split ? entity.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The decoded text/plain part of a MIME entity, looking inside multipart ones. */
function plainTextOf(entity: string): string | undefined {
  const { headers, body } = parseEntity(entity);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    for (const part of parts) {
      const text = plainTextOf(part.replace(/^\r?\n/, ''));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!/^text\/plain/i.test(type)) return undefined;
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return fromQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

export function readMail(outbox: string, file: string): Mail {
  const raw = readFileSync(join(outbox, file), 'utf8');
  const { headers } = parseEntity(raw);
  const header = (name: string) => headerText(headers.get(name) ?? '');
  return { file, to: header('to'), replyTo: header('reply-to'), subject: header('subject'), text: plainTextOf(raw) ?? '', raw };
}
