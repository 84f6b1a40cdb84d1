// A local imitation of Paystack's transaction endpoints (POST /transaction/initialize, GET
// /transaction/verify/:reference) and its refunds (POST /refund) on a real HTTP server on 127.0.0.1, for testing the Paystack
// driver over the wire. It records every request it receives and checks it as Paystack would (the
// secret key in Authorization, an integer amount in kobo, NGN, our reference, an absolute callback
// URL), writing what it found wrong to `problems`. Each transaction's verify answer is the test's to
// set, and `mode` makes it answer 500, nonsense, close the connection or never answer.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Paystack's transaction statuses (https://paystack.com/docs/payments/verify-payments). */
export type PaystackStatus = 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'processing' | 'queued' | 'reversed';

/** 'up' answers as Paystack; the others imitate a Paystack that is down or broken. */
type FakeMode = 'up' | 'error' | 'nonsense' | 'close' | 'hang';

interface ReceivedRequest {
  method: string;
  /** The path and query, as sent. */
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  rawBody: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  body: unknown;
}

interface FakeTransaction {
  reference: string;
  email: string;
  /** In kobo, as initialized; what verify answers unless the test says otherwise. */
  amount: number;
  currency: string;
  callback_url: string;
  access_code: string;
  /** What verify answers; 'abandoned' until the test settles it, as Paystack says of an unpaid one. */
  status: PaystackStatus;
  /** What verify answers instead of the initialized amount and currency (a tampered charge). */
  paidAmount?: number;
  paidCurrency?: string;
}

export interface FakePaystack {
  /** The base URL to give the driver: http://127.0.0.1:<port>. */
  readonly url: string;
  readonly secretKey: string;
  /** Every request, in order of arrival, whatever the mode. */
  readonly received: ReceivedRequest[];
  /** What the fake found wrong with a request; empty when the driver sent what Paystack expects. */
  readonly problems: string[];
  readonly transactions: Map<string, FakeTransaction>;
  mode: FakeMode;
  /** Sets what verify answers for a reference; amount and currency override the initialized ones. */
  settle(reference: string, status: PaystackStatus, paid?: { amount?: number; currency?: string }): void;
  /** Every refund Paystack accepted, in order: the transaction's reference and the merchant's note. */
  readonly refunds: { reference: string; amount: number; merchant_note: unknown }[];
  /** Forgets every request and transaction, and is 'up' again. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakePaystackOptions {
  secretKey: string;
  /** The site origin callback URLs must start with. */
  siteUrl: string;
}

const REFERENCE = /^ADR-[A-Z0-9]{16}$/;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startFakePaystack({ secretKey, siteUrl }: FakePaystackOptions): Promise<FakePaystack> {
  const received: ReceivedRequest[] = [];
  const problems: string[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const refunds: FakePaystack['refunds'] = [];
  let mode: FakeMode = 'up';

  function initialize(request: ReceivedRequest, response: ServerResponse) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const wrong: string[] = [];
    if (!request.contentType?.startsWith('application/json')) wrong.push(`content-type is ${request.contentType}`);
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount <= 0)
      wrong.push(`amount ${JSON.stringify(body.amount)} is not a positive integer in kobo`);
    if (body.currency !== 'NGN') wrong.push(`currency ${JSON.stringify(body.currency)} is not NGN`);
    if (typeof body.email !== 'string' || !body.email.includes('@')) wrong.push(`email ${JSON.stringify(body.email)} is not an address`);
    if (typeof body.reference !== 'string' || !REFERENCE.test(body.reference))
      wrong.push(`reference ${JSON.stringify(body.reference)} is not one of ours`);
    else if (transactions.has(body.reference)) wrong.push(`reference ${body.reference} was initialized before`);
    if (typeof body.callback_url !== 'string' || !body.callback_url.startsWith(`${siteUrl}/`))
      wrong.push(`callback_url ${JSON.stringify(body.callback_url)} is not an absolute URL on ${siteUrl}`);
    if (wrong.length) {
      problems.push(...wrong.map((line) => `initialize: ${line}`));
      return answer(response, 400, { status: false, message: wrong.join('; ') });
    }
    const accessCode = randomBytes(8).toString('hex');
    const transaction: FakeTransaction = {
      reference: body.reference as string,
      email: body.email as string,
      amount: body.amount as number,
      currency: body.currency as string,
      callback_url: body.callback_url as string,
      access_code: accessCode,
      status: 'abandoned',
    };
    transactions.set(transaction.reference, transaction);
    answer(response, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference: transaction.reference },
    });
  }

  function verify(reference: string, response: ServerResponse) {
    const transaction = transactions.get(reference);
    if (!transaction) {
      problems.push(`verify: unknown reference ${reference}`);
      return answer(response, 400, { status: false, message: 'Transaction reference not found' });
    }
    const paid = transaction.status === 'success';
    answer(response, 200, {
      status: true,
      message: 'Verification successful',
      data: {
        id: 4_099_260_516,
        domain: 'test',
        status: transaction.status,
        reference: transaction.reference,
        amount: transaction.paidAmount ?? transaction.amount,
        currency: transaction.paidCurrency ?? transaction.currency,
        gateway_response: paid ? 'Successful' : 'The transaction was not completed',
        paid_at: paid ? new Date().toISOString() : null,
        channel: 'card',
        customer: { email: transaction.email, customer_code: 'CUS_fake' },
      },
    });
  }

  // https://paystack.com/docs/payments/refunds: `transaction` is the reference (or id); without an
  // amount the refund is full. Only a successful transaction can be refunded, and only once.
  function refund(request: ReceivedRequest, response: ServerResponse) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const transaction = typeof body.transaction === 'string' ? transactions.get(body.transaction) : undefined;
    if (!transaction) {
      problems.push(`refund: unknown transaction ${JSON.stringify(body.transaction)}`);
      return answer(response, 400, { status: false, message: 'Transaction not found' });
    }
    if (transaction.status === 'reversed') {
      problems.push(`refund: ${transaction.reference} was refunded before`);
      return answer(response, 400, { status: false, message: 'Transaction has been fully reversed' });
    }
    if (transaction.status !== 'success') {
      problems.push(`refund: ${transaction.reference} is ${transaction.status}, not success`);
      return answer(response, 400, { status: false, message: 'Cannot refund a transaction that was not successful' });
    }
    if (body.amount !== undefined) problems.push(`refund: a partial amount ${JSON.stringify(body.amount)} was asked for`);
    transaction.status = 'reversed';
    const amount = transaction.paidAmount ?? transaction.amount;
    refunds.push({ reference: transaction.reference, amount, merchant_note: body.merchant_note });
    answer(response, 200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: { id: 4_099_260_516, reference: transaction.reference, amount, currency: transaction.currency },
        integration: 412_829,
        deducted_amount: 0,
        channel: null,
        merchant_note: body.merchant_note ?? null,
        customer_note: body.customer_note ?? null,
        status: 'pending',
        refunded_by: 'staff@adireacademy.ng',
        expected_at: new Date(Date.now() + 10 * 24 * 3600_000).toISOString(),
        currency: transaction.currency,
        domain: 'test',
        amount,
        fully_deducted: false,
        id: 1_190_603,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
    });
  }

  const server = createServer((incoming, response) => {
    void (async () => {
      const rawBody = await readBody(incoming);
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const request: ReceivedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        authorization: incoming.headers.authorization,
        contentType: incoming.headers['content-type'],
        rawBody,
        body,
      };
      received.push(request);

      if (mode === 'error') return answer(response, 500, { status: false, message: 'An error occurred' });
      if (mode === 'nonsense') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html><body>Bad gateway</body></html>');
      }
      if (mode === 'close') return void incoming.socket.destroy();
      if (mode === 'hang') return; // Never answers; close() ends the connection.

      if (request.authorization !== `Bearer ${secretKey}`) {
        problems.push(`${request.method} ${request.path}: Authorization is ${JSON.stringify(request.authorization)}`);
        return answer(response, 401, { status: false, message: 'Invalid key' });
      }
      const verifying = /^\/transaction\/verify\/([^/?]+)$/.exec(request.path);
      if (request.method === 'POST' && request.path === '/transaction/initialize') return initialize(request, response);
      if (request.method === 'GET' && verifying) return verify(decodeURIComponent(verifying[1]!), response);
      if (request.method === 'POST' && request.path === '/refund') return refund(request, response);
      problems.push(`no such endpoint: ${request.method} ${request.path}`);
      answer(response, 404, { status: false, message: 'Not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    received,
    problems,
    transactions,
    refunds,
    get mode() {
      return mode;
    },
    set mode(next) {
      mode = next;
    },
    settle(reference, status, paid = {}) {
      const transaction = transactions.get(reference);
      if (!transaction) throw new Error(`The fake Paystack never initialized ${reference}`);
      transaction.status = status;
      if (paid.amount !== undefined) transaction.paidAmount = paid.amount;
      if (paid.currency !== undefined) transaction.paidCurrency = paid.currency;
    },
    reset() {
      received.length = 0;
      problems.length = 0;
      transactions.clear();
      refunds.length = 0;
      mode = 'up';
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
