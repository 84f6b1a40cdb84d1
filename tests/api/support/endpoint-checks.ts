// The checks every JSON endpoint must pass (docs/product.md#api-conventions), written once: field errors
// with the field messages (docs/product.md#field-messages), malformed and oversized bodies, unknown fields, media types and the per-client rate
// limit. Each endpoint's test file calls checkJsonEndpoint() inside its own describe().
import { expect, it } from 'vitest';
import type { ApiApp } from '#server/app.ts';
import { readJson, send } from './test-app.ts';

interface FieldCase {
  missing: string;
  wrongType: string;
  tooLong: { value: string; message: string };
  /** The answer to a valid value with U+0000 in it, which PostgreSQL cannot store. */
  withNul: string;
}

export interface EndpointSpec {
  path: string;
  app: () => ApiApp;
  validBody: () => Record<string, unknown>;
  successStatus: 200 | 201;
  successMessage: string;
  fields: Record<string, FieldCase>;
}

const expectFieldError = async (response: Response, field: string, message: string) => {
  expect(response.status).toBe(400);
  const body = await readJson(response);
  expect(body.errors).toMatchObject({ [field]: [message] });
  expect(typeof body.message).toBe('string');
};

export function checkJsonEndpoint(spec: EndpointSpec) {
  const post = (body: unknown, options?: Parameters<typeof send>[3]) => send(spec.app(), spec.path, body, options);

  it('answers a valid body with the success envelope', async () => {
    const response = await post(spec.validBody());
    expect(response.status).toBe(spec.successStatus);
    expect(await readJson(response)).toEqual({ message: spec.successMessage, data: null });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  for (const [field, cases] of Object.entries(spec.fields)) {
    it(`refuses a body without ${field}: "${cases.missing}"`, async () => {
      const { [field]: _left, ...body } = spec.validBody();
      await expectFieldError(await post(body), field, cases.missing);
    });
    it(`refuses ${field} of the wrong type: "${cases.wrongType}"`, async () => {
      for (const wrong of [12345, true, null, ['a'], { a: 1 }])
        await expectFieldError(await post({ ...spec.validBody(), [field]: wrong }), field, cases.wrongType);
    });
    it(`refuses a too long ${field}: "${cases.tooLong.message}"`, async () => {
      await expectFieldError(await post({ ...spec.validBody(), [field]: cases.tooLong.value }), field, cases.tooLong.message);
    });
  }

  it('refuses a NUL character in any field, by name', async () => {
    for (const [field, cases] of Object.entries(spec.fields)) {
      const valid = spec.validBody()[field] as string;
      const withNul = `${valid.slice(0, 2)}\u0000${valid.slice(2)}`;
      await expectFieldError(await post({ ...spec.validBody(), [field]: withNul }), field, cases.withNul);
    }
  });

  it('names an unknown field', async () => {
    const response = await post({ ...spec.validBody(), is_admin: true });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ message: 'Unknown field: is_admin', errors: { is_admin: ['Unknown field: is_admin'] } });
  });

  it('refuses malformed JSON, an empty body and a body that is not an object with 400', async () => {
    for (const raw of ['{"email": ', '', 'null', '[]', '"text"', '42']) {
      const response = await post(raw);
      expect(response.status, raw).toBe(400);
      expect(Object.keys(await readJson(response))).toEqual(['message']);
    }
    const invalidUtf8 = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expect((await post(invalidUtf8)).status).toBe(400);
  });

  it('refuses a body over 64 KiB with 413, declared or not', async () => {
    const big = JSON.stringify({ ...spec.validBody(), padding: 'x'.repeat(64 * 1024) });
    const response = await post(big);
    expect(response.status).toBe(413);
    expect(await readJson(response)).toEqual({ message: 'The request body is larger than 64 KiB.' });
    // A streamed body has no Content-Length: the server has to count.
    const stream = new Blob([big]).stream();
    const streamed = await spec.app().request(`/api/v1/${spec.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('refuses a wrong or missing content type with 415', async () => {
    const json = JSON.stringify(spec.validBody());
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx']) {
      const response = await post(json, { contentType });
      expect(response.status, contentType).toBe(415);
      expect(await readJson(response)).toEqual({ message: 'Content-Type must be application/json.' });
    }
    expect((await post(new TextEncoder().encode(json), { contentType: null })).status).toBe(415);
    expect((await post(json, { contentType: 'Application/JSON; charset=UTF-8' })).status).toBe(spec.successStatus);
  });

  it('allows a burst of 20 per client address, refuses the 21st with 429 and Retry-After, and not another address', async () => {
    for (let i = 0; i < 20; i++) expect((await post(spec.validBody(), { ip: '203.0.113.5' })).status).toBe(spec.successStatus);
    const refused = await post(spec.validBody(), { ip: '203.0.113.5' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await readJson(refused)).toEqual({ message: `Too many requests, please try again in ${retryAfter} seconds.` });
    expect((await post(spec.validBody(), { ip: '203.0.113.6' })).status).toBe(spec.successStatus);
  });
}
