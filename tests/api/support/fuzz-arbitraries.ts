// Generators for the fuzz test: request bodies from valid to hostile, headers a client or proxy
// might send, and paths around each endpoint. Header values stay within what fetch() can carry.
import fc from 'fast-check';

const printable = fc.stringMatching(/^[\x20-\x7e]{0,80}$/);

const spacedText = (max: number) => fc.string({ minLength: 1, maxLength: max, unit: 'grapheme' }).filter((text) => text.trim().length > 0);
const specEmail = fc
  .tuple(
    fc.stringMatching(/^[a-zA-Z0-9._%+-]{1,20}$/),
    fc.stringMatching(/^[a-z0-9-]{1,12}$/),
    fc.constantFrom('com', 'ng', 'com.ng', 'co.uk', 'academy'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const phone = fc.constantFrom(
  '08031234567',
  '+234 803 123 4567',
  '2348031234567',
  '0809 876 5432',
  '+2347012345678',
  '0803',
  '+44 20 7946 0958',
);

/** Values that look like what a field expects, or not at all. */
const fieldValue = (plausible: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 5, arbitrary: plausible },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6000, unit: 'binary' }) },
  );

/** Every field most of the time (so requests get as far as the database and the mail), some missing otherwise. */
function mostlyComplete(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  return fc
    .tuple(
      fc.record(fields),
      fc.oneof({ weight: 4, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.subarray(keys, { minLength: 1 }) }),
    )
    .map(([body, dropped]) => Object.fromEntries(Object.entries(body).filter(([key]) => !dropped.includes(key))));
}

export const newsletterBody = mostlyComplete({ email: fieldValue(fc.oneof(specEmail, fc.emailAddress())) });

export const contactBody = mostlyComplete({
  first_name: fieldValue(spacedText(90)),
  last_name: fieldValue(spacedText(90)),
  email: fieldValue(fc.oneof(specEmail, fc.emailAddress())),
  phone_number: fieldValue(phone),
  message: fieldValue(spacedText(300)),
});

/** A request body: a (mostly) well-formed object, extra keys, random JSON, random text or bytes, or too much. */
export function bodyFor(fields: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string | Uint8Array | undefined> {
  return fc.oneof(
    { weight: 8, arbitrary: fields.map((body) => JSON.stringify(body)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fields, fc.dictionary(printable, fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 3 }))
        .map(([body, extra]) => JSON.stringify({ ...extra, ...body, ...extra })),
    },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 70_000 }).map((size) => JSON.stringify({ email: 'a'.repeat(size) })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

export const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json-patch+json',
      '',
    ),
  },
  { weight: 1, arbitrary: printable },
  { weight: 1, arbitrary: fc.constant(null) },
);

export const extraHeaders = fc.record(
  {
    origin: fc.oneof(fc.constantFrom('https://partner.example', 'https://evil.example', 'null'), printable),
    'x-forwarded-for': fc.oneof(
      fc.noBias(fc.ipV4()),
      fc.noBias(fc.ipV6()),
      fc.array(fc.noBias(fc.ipV4()), { maxLength: 4 }).map((list) => list.join(', ')),
      printable,
    ),
    authorization: printable.map((token) => `Bearer ${token}`),
    'access-control-request-method': fc.constantFrom('POST', 'GET', 'DELETE'),
    accept: printable,
  },
  { requiredKeys: [] },
);

/** A Content-Length header that may lie about the body; absent most of the time. */
export const declaredLength = fc.oneof(
  { weight: 9, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.oneof(fc.nat({ max: 200_000 }).map(String), printable) },
);

export const method = fc.oneof(
  { weight: 12, arbitrary: fc.constant('POST') },
  { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
);

/** The socket's address: mostly many clients, sometimes the same few, so rate limits are hit too. */
// noBias: fast-check otherwise favours small values such as 0.0.0.0, and most requests would share a client.
export const socketAddress = fc.oneof(
  { weight: 15, arbitrary: fc.noBias(fc.ipV4()) },
  { weight: 4, arbitrary: fc.noBias(fc.ipV6()) },
  { weight: 1, arbitrary: fc.constantFrom('192.0.2.1', '192.0.2.2') },
);

/** Paths around an endpoint: case, trailing slashes, extra segments, odd encodings, queries. */
export const pathAround = (path: string) =>
  fc.oneof(
    fc.constant(`/api/v1/${path}`),
    fc.constantFrom(
      `/api/v1/${path}/`,
      `/api/v1/${path.toUpperCase()}`,
      `/api/v1//${path}`,
      `/api/v1/${path}/..`,
      `/api/v1/${path}%00`,
      `/api/v1/${path}%zz`,
      '/api/v1',
      '/api/v1/',
    ),
    fc.webSegment().map((segment) => `/api/v1/${path}/${segment}`),
    fc.webQueryParameters().map((query) => `/api/v1/${path}?${query}`),
    fc.webPath().map((rest) => `/api/v1${rest}`),
  );
