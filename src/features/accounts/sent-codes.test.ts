// The resend countdown's arithmetic and what it keeps across reloads ('OTP time sent').
import { describe, expect, it } from 'vitest';
import { RESEND_AFTER_MS, secondsUntilResend } from './sent-codes.ts';

describe('secondsUntilResend', () => {
  const sent = { email: 'ada@example.com', at: 1_000_000 };

  it('counts down from a minute after the code was asked for', () => {
    expect(secondsUntilResend(sent, 'ada@example.com', sent.at)).toBe(60);
    expect(secondsUntilResend(sent, 'ada@example.com', sent.at + 20_500)).toBe(40);
    expect(secondsUntilResend(sent, 'ada@example.com', sent.at + RESEND_AFTER_MS - 1)).toBe(1);
    expect(secondsUntilResend(sent, 'ada@example.com', sent.at + RESEND_AFTER_MS)).toBe(0);
  });

  it('does not hold back another address, or one never sent to', () => {
    expect(secondsUntilResend(sent, 'obi@example.com', sent.at)).toBe(0);
    expect(secondsUntilResend(undefined, 'ada@example.com', sent.at)).toBe(0);
  });
});
