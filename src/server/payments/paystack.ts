// The Paystack driver (PAYSTACK_SECRET_KEY set): initialize a transaction with the amount in kobo,
// NGN, our reference and a callback to our site; verify it; read its webhooks, signed with
// HMAC-SHA512 of the raw body in x-paystack-signature; refund a charge. Paystack unreachable, slow (15 s) or
// answering nonsense is PaymentProviderUnavailableError.
import {
  chargeFromEvent,
  hasValidSignature,
  PaymentProviderUnavailableError,
  SIGNATURE_HEADER,
  type ChargeRequest,
  type ChargeState,
  type ChargeStatus,
  type PaymentProvider,
} from './provider.ts';

const TIMEOUT_MS = 15_000;

export interface PaystackOptions {
  secretKey: string;
  baseUrl: string;
  /** Our site's origin, for the callback URL. */
  siteUrl: string;
  fetch?: typeof fetch;
}

/** Paystack's transaction statuses, as ours: only 'success' is paid; these are still under way. */
const STILL_GOING = new Set(['ongoing', 'pending', 'processing', 'queued']);
const toStatus = (status: string): ChargeStatus => (status === 'success' ? 'success' : STILL_GOING.has(status) ? 'pending' : 'failed');

export function createPaystackProvider({ secretKey, baseUrl, siteUrl, fetch: send = fetch }: PaystackOptions): PaymentProvider {
  async function call(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderUnavailableError(`Paystack could not be reached (${(error as Error).name})`);
    }
    const body = (await response.json().catch(() => null)) as { status?: unknown; data?: unknown } | null;
    if (!response.ok || !body || body.status !== true || !body.data || typeof body.data !== 'object') {
      throw new PaymentProviderUnavailableError(`Paystack answered ${response.status} to ${path.split('/').slice(0, 3).join('/')}`);
    }
    return body.data as Record<string, unknown>;
  }

  return {
    name: 'paystack',

    async initialize(charge: ChargeRequest) {
      const data = await call('/transaction/initialize', {
        method: 'POST',
        body: JSON.stringify({
          email: charge.email,
          amount: charge.amountKobo,
          currency: charge.currency,
          reference: charge.reference,
          callback_url: `${siteUrl}${charge.callbackPath}`,
        }),
      });
      if (typeof data.authorization_url !== 'string' || !/^https:\/\//.test(data.authorization_url)) {
        throw new PaymentProviderUnavailableError('Paystack gave no authorization URL');
      }
      return { authorizationUrl: data.authorization_url };
    },

    async verify(reference: string): Promise<ChargeState> {
      const data = await call(`/transaction/verify/${encodeURIComponent(reference)}`);
      if (typeof data.status !== 'string' || typeof data.amount !== 'number' || typeof data.currency !== 'string') {
        throw new PaymentProviderUnavailableError('Paystack answered a verify call without a status, amount or currency');
      }
      return {
        reference: typeof data.reference === 'string' ? data.reference : '',
        status: toStatus(data.status),
        amountKobo: data.amount,
        currency: data.currency,
        ...(data.status !== 'success' ? { reason: data.status } : {}),
      };
    },

    // https://paystack.com/docs/payments/refunds: POST /refund {transaction, merchant_note}, a full
    // refund when no amount is given; Paystack answers it queued (status 'pending') and pays it out.
    async refund(reference: string, reason: string) {
      const data = await call('/refund', { method: 'POST', body: JSON.stringify({ transaction: reference, merchant_note: reason }) });
      return { status: data.status === 'processed' ? ('processed' as const) : ('pending' as const) };
    },

    readWebhook(rawBody: string, headers: Headers) {
      return Promise.resolve(hasValidSignature(rawBody, headers.get(SIGNATURE_HEADER), secretKey) ? chargeFromEvent(rawBody) : null);
    },
  };
}
