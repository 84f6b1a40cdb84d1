// Property-based fuzz of every operation the API document lists, signed in where the operation
// needs it: path parameters, query parameters, headers and body fields from plausible to hostile
// (NUL, control characters, lone surrogates, 10,000-character strings, wrong types). The test app
// holds every answer against the document (status listed for that operation, body valid, required
// headers such as Retry-After on 429 and 503 present); this test adds that nothing answers 5xx.
// A fixed seed makes a failure repeatable; FUZZ_OPERATION_RUNS=1000 digs deeper.
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SECRET_HEADER } from '#server/admin-secret.ts';
import { API_BASE } from '#server/app.ts';
import { SIGNATURE_HEADER } from '#server/payments/provider.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { publishedDocument, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const SEED = 20_261_125;
const RUNS = Number(process.env.FUZZ_OPERATION_RUNS ?? 100);
const ADMIN_SECRET = 'fuzz-admin-secret-0123456789abcdef';

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  security?: Record<string, unknown>[];
}

const document = (await publishedDocument()) as unknown as {
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, operation })),
);

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
/** Text a field or a parameter should never be afraid of. */
const oddText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\u0007\u001b[31m', '\u202eevil', '😀🧵', ' ', '', '../../etc/passwd', "' or 1=1 --", '%00', '%ZZ'),
  loneSurrogate,
  fc.tuple(fc.string({ maxLength: 8 }), loneSurrogate, fc.string({ maxLength: 8 })).map((parts) => parts.join('')),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.constant('x'.repeat(10_000)),
);
const oddValue = fc.oneof(
  { weight: 4, arbitrary: oddText },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** The example body with some fields replaced by odd values, some dropped, sometimes a field too many. */
function bodyFrom(example: unknown): fc.Arbitrary<string> {
  if (typeof example !== 'object' || example === null) return fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value));
  const keys = Object.keys(example);
  const mutated = fc
    .record({
      odd: fc.subarray(keys),
      values: fc.array(oddValue, { minLength: keys.length, maxLength: keys.length }),
      dropped: fc.oneof({ weight: 4, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.subarray(keys, { minLength: 1 }) }),
      extra: fc.option(fc.tuple(fc.string({ maxLength: 10 }), oddValue), { freq: 5 }),
    })
    .map(({ odd, values, dropped, extra }) => {
      const body: Record<string, unknown> = {};
      keys.forEach((key, index) => {
        if (!dropped.includes(key)) body[key] = odd.includes(key) ? values[index] : (example as Record<string, unknown>)[key];
      });
      if (extra) body[extra[0]] = extra[1];
      return JSON.stringify(body);
    });
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: oddText },
  );
}

/**
 * A path segment as a hostile client writes it: percent-encoded, but a lone surrogate goes out as the
 * bytes no UTF-8 decoder accepts (%ED%A0%80) and a '%' stays raw, so '%00' and '%ZZ' arrive as sent.
 */
const pathSegment = (value: string) => encodeURIComponent(value.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80').replaceAll('%25', '%');

const t = useTestApp({ adminSecret: ADMIN_SECRET });
const counts = { sent: 0, byStatus: new Map<number, number>(), operations: new Set<string>() };
afterAll(() => {
  const statuses = [...counts.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(`[operations fuzz] ${counts.sent} requests over ${counts.operations.size} operations (${statuses.join(', ')})`);
});

/** Real values for path parameters, so a share of the requests reach the rows they name. */
let known: { token: string; staffToken: string; values: string[] };
beforeEach(async () => {
  await seedCatalogue(t.db);
  const student = await signUpStudent(t);
  const reference = await enrolStudent(t, student.token, 'course-01');
  // The staff calls are fuzzed signed in as an admin, who may call all of them.
  const admin = await seedStaff(t, { role: 'admin' });
  known = {
    token: student.token,
    staffToken: admin.token,
    values: ['course-01', 'course-02', 'm1', reference, student.id, admin.staff.id, '00000000-0000-4000-8000-000000000000'],
  };
});

describe('every documented operation, fuzzed', () => {
  it.each(operations)(
    `$name: ${RUNS} generated requests, every answer as documented, no 5xx`,
    async ({ name, path, method, operation }) => {
      const parameters = operation.parameters ?? [];
      const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const queryNames = parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      const json = operation.requestBody?.content['application/json'];
      const bytes = operation.requestBody && !json;
      const signedIn = operation.security?.some((requirement) => 'bearerAuth' in requirement) ?? false;
      const staffSignedIn = operation.security?.some((requirement) => 'staffAuth' in requirement) ?? false;

      const request = fc.record({
        pathValues: fc.array(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known.values) }, { weight: 1, arbitrary: oddText }), {
          minLength: pathNames.length,
          maxLength: pathNames.length,
        }),
        query: fc.array(
          fc.tuple(fc.constantFrom(...(queryNames.length ? queryNames : ['q'])), fc.oneof(fc.nat({ max: 60 }).map(String), oddText)),
          {
            maxLength: queryNames.length ? 3 : 0,
          },
        ),
        body: json ? bodyFrom(json.example) : bytes ? fc.uint8Array({ maxLength: 2048 }) : fc.constant(undefined),
        token: fc.oneof(
          { weight: 6, arbitrary: fc.constant(staffSignedIn ? known.staffToken : known.token) },
          { weight: 1, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: oddText },
        ),
        admin: fc.boolean(),
        signature: fc.option(fc.stringMatching(/^[0-9a-f]{128}$/)),
        ip: fc.oneof(fc.constant('127.0.0.1'), fc.ipV4(), fc.ipV6()),
      });

      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          let url = path;
          pathNames.forEach((parameter, index) => {
            url = url.replace(`{${parameter}}`, pathSegment(input.pathValues[index]!));
          });
          const search = new URLSearchParams(input.query).toString();
          const headers = new Headers();
          if ((signedIn || staffSignedIn) && input.token)
            headers.set('authorization', `Bearer ${input.token}`.replace(/[^\x20-\x7e]/g, '?'));
          if (input.admin) headers.set(ADMIN_SECRET_HEADER, ADMIN_SECRET);
          if (input.signature) headers.set(SIGNATURE_HEADER, input.signature);
          if (json) headers.set('content-type', 'application/json');
          if (bytes) headers.set('content-type', 'image/jpeg');
          const init: RequestInit = { method: method.toUpperCase(), headers };
          if (input.body !== undefined) init.body = input.body as BodyInit;
          let response: Response;
          try {
            response = await t.app.request(`${API_BASE}${url}${search ? `?${search}` : ''}`, init, {
              incoming: { socket: { remoteAddress: input.ip } },
            });
          } catch (error) {
            // A URL fetch() itself refuses to build is not a request the server could receive.
            if (error instanceof TypeError && /URL|Invalid/.test(error.message)) return;
            throw error;
          }
          counts.sent++;
          counts.operations.add(name);
          counts.byStatus.set(response.status, (counts.byStatus.get(response.status) ?? 0) + 1);
          expect(response.status, `${name} ${url}: ${t.log.lines.at(-1) ?? ''}`).toBeLessThan(500);
          await response.arrayBuffer();
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    RUNS * 1000,
  );
});
