// 'Resend code' under a code form: counts down to the next code the server will send to this address
// (one a minute, docs/product.md#limits-and-timings) from the 'OTP time sent' kept in localStorage,
// so the wait survives a reload. The seconds are visible; only the moment it becomes available is
// announced, not every tick. The page's load script drew the line before the form was live
// (code-page-at-load.ts): the first render takes its moment over and draws the same.
import { useStore } from '@nanostores/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { drawnAtLoad, formatWait, takeOverCountdown, waitForScreenReaders } from '../code-page-at-load.ts';
import { $sentCodes, secondsUntilResend, type CodeFlow } from '../sent-codes.ts';
import { resendCode } from '../stores.ts';

export interface ResendCodeProps {
  purpose: CodeFlow;
  /** The address the code goes to; nothing is offered until there is a valid one. */
  email: string | null;
  /** After a new code went out to `email`. */
  onSent?: (email: string) => void;
}

export function ResendCode({ purpose, email, onSent }: ResendCodeProps) {
  const sent = useStore($sentCodes)[purpose];
  const [now, setNow] = useState(() => takeOverCountdown() ?? Date.now());
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState('');
  // The page is prebuilt without the stored time: count only once hydrated, or the first render
  // differs; or from the first render when the load script drew the countdown already.
  const hydrated = useSyncExternalStore(noSubscription, isBrowser, drawnAtLoad);
  const wait = hydrated && email ? secondsUntilResend(sent, email, now) : 0;

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [wait]);

  const resend = async () => {
    if (!email || wait > 0 || sending) return;
    setSending(true);
    try {
      await resendCode(purpose, email);
      setNow(Date.now());
      setSentTo(email);
      onSent?.(email);
    } catch {
      // The toast has said why (e.g. too many requests).
    } finally {
      setSending(false);
    }
  };

  return (
    <p className="resend">
      <span>Did not get the code? </span>
      <button
        type="button"
        className="link-button"
        onClick={() => void resend()}
        disabled={!email || wait > 0}
        aria-busy={sending || undefined}
      >
        Resend code
      </button>
      {wait > 0 && (
        <span className="resend-wait" data-testid="resend-wait">
          {' in '}
          <span aria-hidden="true">{formatWait(wait)}</span>
          <span className="visually-hidden">{waitForScreenReaders(wait)}</span>
        </span>
      )}
      {/* Always there, so the sentence is announced when it appears. */}
      <span className="resend-sent" role="status">
        {sentTo && ` We sent a new code to ${maskedEmail(sentTo)}.`}
      </span>
    </p>
  );
}

const noSubscription = () => () => {};
const isBrowser = () => true;

/** 'a…@example.com': enough to recognise the address, not to read it over a shoulder. */
const maskedEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}…${email.slice(at)}` : email;
};
