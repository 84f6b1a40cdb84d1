// Forgot-password and resend-code answer the same words for every address; their time must not tell
// a real address from an unknown one either. With a mail server that takes 200 ms a message, the
// code is made and mailed after the answer, so both kinds of address take the same path and time.
import { describe, expect, it } from 'vitest';
import { backgroundMailSettled } from '#server/mail/background.ts';
import { MailUnavailableError, type OutgoingMail } from '#server/mail/mailer.ts';
import { signUpStudent } from './support/factories.ts';
import { send, useTestApp, type RecordingMailer } from './support/test-app.ts';

const SLOW_MS = 200;

/** A mail server that takes 200 ms a message, and can be taken down. */
function slowMailer(): RecordingMailer {
  const mailer: RecordingMailer = {
    sent: [],
    failing: false,
    async send(mail: OutgoingMail) {
      await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      if (mailer.failing) throw new MailUnavailableError('The test mail server is down');
      mailer.sent.push(mail);
    },
    close() {},
  };
  return mailer;
}

const t = useTestApp({ mailer: slowMailer, waitForBackgroundMail: false });

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

let nextIp = 0;

/** The time one call of `path` for `email` takes, a minute after the last (one code a minute), from an address of its own. */
async function timeCall(path: string, email: string): Promise<number> {
  t.clock.advance(61_000);
  // The last call's code mail is out before the clock starts: each answer is timed on its own.
  await backgroundMailSettled(t.mailer);
  const ip = `198.51.${100 + Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
  const started = performance.now();
  const response = await send(t.app, `user/auth/student/${path}`, { email }, { ip });
  const took = performance.now() - started;
  expect(response.status).toBe(200);
  return took;
}

/**
 * 20 pairs of calls, one for a real address and one for an unknown one, in alternating order, after 5
 * pairs to warm up: the median of the pairs' differences (a pair's two calls meet the same load, so the
 * host's drift cancels out), and the real calls' median.
 */
async function timeBoth(path: string, email: string) {
  const real: number[] = [];
  const differences: number[] = [];
  for (let i = 0; i < 25; i++) {
    const realFirst = i % 2 === 0;
    const first = await timeCall(path, realFirst ? email : 'nobody@example.com');
    const second = await timeCall(path, realFirst ? 'nobody@example.com' : email);
    const [realTook, unknownTook] = realFirst ? [first, second] : [second, first];
    if (i < 5) continue;
    real.push(realTook);
    differences.push(realTook - unknownTook);
  }
  return { real: median(real), difference: median(differences) };
}

describe('no answer time tells which addresses have accounts', () => {
  it.each([
    { path: 'forgot-password', account: 'a verified account', verified: true, kind: 'reset_code' },
    { path: 'resend-otp', account: 'an unverified account', verified: false, kind: 'verification_code' },
  ])(
    '$path: 20 calls for $account and 20 for an unknown address, the median difference within 5 ms, and every real one gets its code',
    async ({ path, verified, kind }) => {
      const { email } = await signUpStudent(t, {}, { verified });
      const before = t.mailer.sent.length;
      const { real, difference } = await timeBoth(path, email);
      expect(real).toBeLessThan(SLOW_MS / 2);
      expect(Math.abs(difference)).toBeLessThan(5);
      await backgroundMailSettled(t.mailer);
      expect(t.mailer.sent.slice(before).map((mail) => mail.kind)).toEqual(Array(25).fill(kind));
    },
  );

  it('a mail server that is down answers the same 200, and the code goes out once it is back', async () => {
    const { email } = await signUpStudent(t);
    const before = t.mailer.sent.length;
    t.mailer.failing = true;
    const response = await send(t.app, 'user/auth/student/forgot-password', { email });
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 100));
    expect(t.log.lines.some((line) => line.includes('reset_code mail not sent yet'))).toBe(true);
    t.mailer.failing = false;
    // Settled once the retry a second later has sent it.
    await backgroundMailSettled(t.mailer);
    expect(t.mailer.sent.slice(before).map((mail) => mail.kind)).toEqual(['reset_code']);
  });
});
