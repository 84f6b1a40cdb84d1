// Sends the product's e-mail. With SMTP_URL set, through that server; without it (development,
// tests), each message is written to DATA_DIR/outbox/ as an .eml file that any mail client opens.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../log.ts';

export const COLLEGE_NAME = 'Adire Fashion Academy';

interface MailAddress {
  name: string;
  address: string;
}

export interface OutgoingMail {
  /**
   * What the mail is, for logs: 'contact', 'tutor_request', … Logs name the kind, never the
   * subject or the recipient, which may carry a visitor's name or address.
   */
  kind?: string;
  to: string | MailAddress;
  subject: string;
  /** Every mail carries both a plain-text and an HTML part. */
  text: string;
  html: string;
  replyTo?: MailAddress;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Sending failed (server down, refused, disk full): the caller answers 503, never 500. */
export class MailUnavailableError extends Error {
  override name = 'MailUnavailableError';
}

export interface MailerOptions {
  smtpUrl?: string;
  mailFrom: string;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  log: Logger;
}

export function createMailer(options: MailerOptions): Mailer {
  const from = senderOf(options.mailFrom);
  const describe = (mail: OutgoingMail) => (mail.kind ? `${mail.kind} mail` : 'mail');
  if (options.smtpUrl) {
    // nodemailer waits two minutes for a dead server by default; a visitor should not.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(mail) {
        await transport.sendMail(withoutKind(mail, from)).catch((error: unknown) => {
          throw new MailUnavailableError(`Sending ${describe(mail)} through SMTP failed`, { cause: error });
        });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      try {
        const info = await transport.sendMail(withoutKind(mail, from));
        // Mail holds visitors' messages: only the server's own user may read the outbox.
        await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
      } catch (error) {
        throw new MailUnavailableError(`Writing ${describe(mail)} to the outbox failed`, { cause: error });
      }
      options.log.info(`[mail] SMTP_URL is not set: ${describe(mail)} written to ${file}`);
    },
    close: () => transport.close(),
  };
}

/** The message nodemailer sends: `kind` is ours, not a mail header. */
function withoutKind(mail: OutgoingMail, from: string | MailAddress) {
  const { kind: _kind, ...message } = mail;
  return { ...message, from };
}

/** MAIL_FROM may be a bare address; the sender always shows the college's name. */
function senderOf(mailFrom: string): string | MailAddress {
  return mailFrom.includes('<') ? mailFrom : { name: COLLEGE_NAME, address: mailFrom.trim() };
}
