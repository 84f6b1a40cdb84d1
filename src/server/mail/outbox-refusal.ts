// Without SMTP_URL every mail (sign-up codes, receipts) is written to DATA_DIR/outbox, which no
// student ever reads: right on a developer's machine, and a site nobody can sign up to anywhere
// else. So a public server refuses to start without SMTP_URL, as it does without Paystack, unless
// MAIL_OUTBOX=1 says the outbox is meant (a staging site whose mail someone reads from the folder).

/** Names and addresses only this machine reaches. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const isLoopback = (host: string) => LOOPBACK.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * Why the server must not start with mail going to the outbox, or null when it may. Public: the
 * server does not listen on loopback, or PUBLIC_SITE_URL names an address that is not this machine
 * (behind nginx the process listens on 127.0.0.1, yet students reach it at the public address).
 */
export function mailOutboxRefusal(env: { HOST: string; PUBLIC_SITE_URL: string; SMTP_URL: string; MAIL_OUTBOX: '0' | '1' }): string | null {
  if (env.SMTP_URL || env.MAIL_OUTBOX === '1') return null;
  const site = new URL(env.PUBLIC_SITE_URL);
  const localSite = site.protocol === 'http:' && isLoopback(site.hostname);
  if (isLoopback(env.HOST) && localSite) return null;
  const where = isLoopback(env.HOST)
    ? `PUBLIC_SITE_URL=${site.origin} is not a local address`
    : `HOST=${env.HOST} is not a loopback address`;
  return `SMTP_URL is not set, and ${where}: set SMTP_URL (sign-up codes and receipts must reach students), or MAIL_OUTBOX=1 to write mail to DATA_DIR/outbox on purpose`;
}
