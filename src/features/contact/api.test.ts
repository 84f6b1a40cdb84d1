// The contact calls: the right paths, ContactSchema's output as the body, the server's message as
// a success toast.
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $pendingToasts } from '#lib/toast/store.ts';
import { ContactSchema } from './schemas.ts';

vi.hoisted(() => vi.stubEnv('PUBLIC_API_BASE', 'http://api.test/api/v1/'));
const { requestTutor, sendContactMessage } = await import('./api.ts');

const message = v.parse(ContactSchema, {
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'Ada@Example.com',
  phone_number: '+234 803 123 4567',
  message: 'Hello',
});
let sent: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  sent = [];
  $pendingToasts.set([]);
  // The request is read when fetch is asked: ky may consume its body afterwards.
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push({ url: request.url, method: request.method, body: await request.clone().json() });
    return new Response(JSON.stringify({ message: 'We have your message.', data: null }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each([
  ['sendContactMessage', sendContactMessage, 'http://api.test/api/v1/user/contact'],
  ['requestTutor', requestTutor, 'http://api.test/api/v1/user/courses/request-tutor'],
] as const)('%s', (_name, send, url) => {
  it(`posts the message to ${url} and toasts the answer`, async () => {
    await send(message);
    expect(sent).toEqual([
      {
        url,
        method: 'POST',
        body: { first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', phone_number: '08031234567', message: 'Hello' },
      },
    ]);
    expect($pendingToasts.get()).toMatchObject([{ type: 'success', message: 'We have your message.' }]);
  });
});
