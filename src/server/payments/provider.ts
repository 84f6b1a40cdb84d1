// One interface for every payment provider, chosen at start like the mailer: Paystack when
// PAYSTACK_SECRET_KEY is set, else the built-in test provider. Routes and fulfilment never know
// which one they talk to. Amounts are integer kobo; the currency is NGN.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type ChargeStatus = 'success' | 'failed' | 'pending';

export interface ChargeRequest {
  /** Ours: the key every later call and webhook names. */
  reference: string;
  amountKobo: number;
  currency: 'NGN';
  email: string;
  /** Our page the provider sends the payer back to, as a path ('/courses/x/checkout?reference=...'). */
  callbackPath: string;
}

/** What a provider says of a charge, read from its verify answer or from its signed webhook. */
export interface ChargeState {
  reference: string;
  status: ChargeStatus;
  amountKobo: number;
  currency: string;
  /** The provider's own word for a failure ('abandoned', 'declined', ...). */
  reason?: string;
}

/** What a provider says of a refund it accepted: Paystack queues one ('pending') and pays it out later. */
interface RefundState {
  status: 'pending' | 'processed';
}

export interface PaymentProvider {
  readonly name: 'paystack' | 'test';
  /**
   * Gives a successful charge back in full, with our reason as the merchant's note. Throws
   * PaymentProviderUnavailableError when the provider is down or refuses: nothing is recorded then.
   */
  refund(reference: string, reason: string): Promise<RefundState>;
  initialize(charge: ChargeRequest): Promise<{ authorizationUrl: string }>;
  verify(reference: string): Promise<ChargeState>;
  /**
   * Reads a webhook from its raw body and headers: null when its signature is missing or wrong,
   * 'ignored' for an event that is not about a successful charge.
   */
  readWebhook(rawBody: string, headers: Headers): Promise<ChargeState | 'ignored' | null>;
}

/** The provider could not be reached or answered nonsense: the caller answers 503 and loses nothing. */
export class PaymentProviderUnavailableError extends Error {
  override name = 'PaymentProviderUnavailableError';
}

export const SIGNATURE_HEADER = 'x-paystack-signature';

/** HMAC-SHA512 of the raw body with the secret, hex: how Paystack signs its webhooks. */
export const signWebhook = (rawBody: string, secret: string) => createHmac('sha512', secret).update(rawBody).digest('hex');

/** Checks a webhook signature in constant time. */
export function hasValidSignature(rawBody: string, signature: string | null, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/**
 * A Paystack-shaped event (`{event, data: {reference, amount, currency, status}}`) as a charge
 * state; 'ignored' for other events, null for a body that is not one.
 */
export function chargeFromEvent(rawBody: string): ChargeState | 'ignored' | null {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!event || typeof event !== 'object') return null;
  const { event: name, data } = event as { event?: unknown; data?: Record<string, unknown> };
  if (name !== 'charge.success') return 'ignored';
  if (!data || typeof data.reference !== 'string' || typeof data.amount !== 'number' || typeof data.currency !== 'string') return null;
  return {
    reference: data.reference,
    status: data.status === 'success' ? 'success' : 'failed',
    amountKobo: data.amount,
    currency: data.currency,
  };
}
