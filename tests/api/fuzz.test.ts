// Property-based fuzzing of the public endpoints: thousands of generated bodies, headers, methods,
// client addresses and paths. Whatever arrives, the API answers without a 5xx and in the error
// envelope of docs/product.md#api-conventions. The counts are printed at the end of the run.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyFor,
  contactBody,
  contentType,
  declaredLength,
  extraHeaders,
  method,
  newsletterBody,
  pathAround,
  socketAddress,
} from './support/fuzz-arbitraries.ts';
import { buildTestApp, useTestApp, type TestApp } from './support/test-app.ts';

// FUZZ_RUNS=20000 npx vitest run tests/api/fuzz.test.ts digs deeper; every run uses a new seed.
const RUNS_PER_ENDPOINT = Math.max(1000, Number(process.env.FUZZ_RUNS ?? 0));
const EXPECTED_STATUSES = new Set([200, 201, 204, 400, 404, 405, 413, 415, 429]);

const t = useTestApp();
let apps: TestApp[];
const counts = { sent: 0, serverErrors: 0, byStatus: new Map<number, number>() };

beforeAll(() => {
  // The same routes behind a proxy and open to one cross-origin caller, so those paths are fuzzed too.
  apps = [buildTestApp(t.db), buildTestApp(t.db, { env: { TRUST_PROXY: '1', CORS_ORIGINS: 'https://partner.example' } })];
});
afterAll(() => {
  const statuses = [...counts.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(`[fuzz] ${counts.sent} requests sent, ${counts.serverErrors} answered 5xx (${statuses.join(', ')})`);
});

const request = (path: fc.Arbitrary<string>, fields: fc.Arbitrary<Record<string, unknown>>) =>
  fc.record({
    path,
    method,
    body: bodyFor(fields),
    contentType,
    declaredLength,
    headers: extraHeaders,
    ip: socketAddress,
    appIndex: fc.integer({ min: 0, max: 1 }),
  });

interface FuzzRequest {
  path: string;
  method: string;
  body: string | Uint8Array | undefined;
  contentType: string | null;
  declaredLength: string | null;
  headers: Record<string, string>;
  ip: string;
  appIndex: number;
}

async function sendAndCheck(input: FuzzRequest): Promise<void> {
  const testApp = apps[input.appIndex]!;
  const headers = new Headers(input.headers);
  if (input.contentType !== null) headers.set('content-type', input.contentType);
  if (input.declaredLength !== null) headers.set('content-length', input.declaredLength);
  const bodyAllowed = input.method !== 'GET' && input.method !== 'HEAD';
  const init: RequestInit = {
    method: input.method,
    headers,
    ...(bodyAllowed && input.body !== undefined ? { body: input.body as BodyInit } : {}),
  };
  const response = await testApp.app.request(input.path, init, { incoming: { socket: { remoteAddress: input.ip } } });
  counts.sent++;
  counts.byStatus.set(response.status, (counts.byStatus.get(response.status) ?? 0) + 1);
  if (response.status >= 500) {
    counts.serverErrors++;
    throw new Error(`${response.status} for ${input.method} ${input.path}: ${testApp.log.lines.at(-1) ?? ''}`);
  }
  expect(EXPECTED_STATUSES.has(response.status), `status ${response.status}`).toBe(true);
  expect(response.headers.get('x-request-id')).toBeTruthy();
  const text = await response.text();
  testApp.mailer.sent.length = 0;
  if (response.status === 204 || input.method === 'HEAD') {
    expect(text).toBe('');
    return;
  }
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expectEnvelope(JSON.parse(text) as Record<string, unknown>, response.status);
}

function expectEnvelope(body: Record<string, unknown>, status: number) {
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  if (status < 400) {
    expect(Object.keys(body).sort()).toEqual(['data', 'message']);
    return;
  }
  expect(Object.keys(body).every((key) => key === 'message' || key === 'errors')).toBe(true);
  if (body.errors === undefined) return;
  for (const messages of Object.values(body.errors as Record<string, unknown>)) {
    expect(Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string')).toBe(true);
  }
}

const endpoints = [
  { path: 'user/subscribe-newsletter', fields: newsletterBody },
  { path: 'user/contact', fields: contactBody },
  { path: 'user/courses/request-tutor', fields: contactBody },
];

describe('fuzzing the API', () => {
  for (const { path, fields } of endpoints) {
    it(
      `POST /api/v1/${path}: ${RUNS_PER_ENDPOINT} generated requests, no 5xx, always the envelope`,
      async () => {
        await fc.assert(fc.asyncProperty(request(fc.constant(`/api/v1/${path}`), fields), sendAndCheck), { numRuns: RUNS_PER_ENDPOINT });
      },
      RUNS_PER_ENDPOINT * 60,
    );
  }

  it(
    `paths around the endpoints: ${RUNS_PER_ENDPOINT} generated requests, no 5xx, always the envelope`,
    async () => {
      const around = fc.oneof(...endpoints.map(({ path }) => pathAround(path)), fc.constant('/api/v1/health'));
      await fc.assert(fc.asyncProperty(request(around, contactBody), sendAndCheck), { numRuns: RUNS_PER_ENDPOINT });
    },
    RUNS_PER_ENDPOINT * 60,
  );
});
