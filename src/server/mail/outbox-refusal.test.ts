// A site students reach must send its mail: without SMTP_URL it refuses to start, unless the outbox
// is meant (MAIL_OUTBOX=1) or the server is only this machine's (a developer's).
import { describe, expect, it } from 'vitest';
import { mailOutboxRefusal } from './outbox-refusal.ts';

const local = { HOST: '127.0.0.1', PUBLIC_SITE_URL: 'http://localhost:4321', SMTP_URL: '', MAIL_OUTBOX: '0' as const };

describe('mail without SMTP_URL', () => {
  it('is fine on a developer machine', () => {
    expect(mailOutboxRefusal(local)).toBeNull();
    expect(mailOutboxRefusal({ ...local, HOST: '::1', PUBLIC_SITE_URL: 'http://127.0.0.1:4410' })).toBeNull();
  });

  it('stops a server that listens beyond loopback', () => {
    expect(mailOutboxRefusal({ ...local, HOST: '0.0.0.0' })).toMatch(
      /^SMTP_URL is not set, and HOST=0\.0\.0\.0 is not a loopback address: /,
    );
  });

  it('stops a server behind nginx whose site is public', () => {
    expect(mailOutboxRefusal({ ...local, PUBLIC_SITE_URL: 'https://adireacademy.ng' })).toMatch(
      /^SMTP_URL is not set, and PUBLIC_SITE_URL=https:\/\/adireacademy\.ng is not a local address: set SMTP_URL .+ or MAIL_OUTBOX=1/,
    );
  });

  it('lets SMTP_URL or MAIL_OUTBOX=1 through', () => {
    const open = { ...local, HOST: '0.0.0.0', PUBLIC_SITE_URL: 'https://adireacademy.ng' };
    expect(mailOutboxRefusal({ ...open, SMTP_URL: 'smtp://mail.example:587' })).toBeNull();
    expect(mailOutboxRefusal({ ...open, MAIL_OUTBOX: '1' })).toBeNull();
  });
});
