// The API describes itself: every route carries a description next to its handler, built from the
// same valibot schemas it validates with, and GET /api/v1/openapi.json collects them into one
// OpenAPI 3.1 document. A route describes itself in a line or two with describeJsonRoute(); the
// envelopes and the answers every route shares (400, 413, 415, 429, 500, 503, 404, 405) live here.
import { toJsonSchema } from '@valibot/to-json-schema';
import type { Context, Env, Hono } from 'hono';
import {
  describeRoute,
  generateSpecs,
  resolver,
  type DescribeRouteOptions,
  type GenerateSpecOptions,
  type ResponsesWithResolver,
} from 'hono-openapi';
import * as v from 'valibot';
import { NOT_PERMITTED_MESSAGE } from '#lib/errors.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { ADMIN_SECRET_HEADER } from '../admin-secret.ts';
import { SIGNATURE_HEADER } from '../payments/provider.ts';
import { INTERNAL_ERROR } from './error-handler.ts';
import { MALFORMED_JSON, TOO_LARGE, WRONG_MEDIA_TYPE } from './json-body.ts';
import { METHOD_NOT_ALLOWED_MESSAGE, NOT_FOUND_MESSAGE } from './unmatched.ts';

type AnySchema = v.GenericSchema<unknown, unknown>;

/** Every field message of a refused body, keyed by field: `{ email: ['Email must be valid'] }`. */
const FieldErrorsSchema = v.pipe(v.record(v.string(), v.array(v.string())), v.metadata({ ref: 'FieldErrors' }));

/** The error envelope: a message for people and, for refused input, the messages of each field. */
const ErrorBodySchema = v.pipe(
  v.strictObject({ message: v.string(), errors: v.optional(FieldErrorsSchema) }),
  v.metadata({ ref: 'ErrorBody' }),
);

/** The success envelope around a route's `data`; `message` is pinned when the route always says the same. */
const successBody = (data: AnySchema = v.null(), message?: string) =>
  v.strictObject({ message: message === undefined ? v.string() : v.literal(message), data });

/** An error that always says the same, and never has field messages. */
const fixedError = (message: string) => v.strictObject({ message: v.literal(message) });

const json = (schema: AnySchema, example?: unknown) => ({
  'application/json': { schema: resolver(schema), ...(example === undefined ? {} : { example }) },
});

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 0 } },
} as const;

/** The answers many routes share, as `#/components/responses/<name>`. */
const SHARED_RESPONSES = {
  BadRequest: {
    description: `Refused input. A body that is not JSON answers "${MALFORMED_JSON}" without \`errors\`; a field that breaks a rule answers with its message under \`errors\`.`,
    content: json(ErrorBodySchema, { message: 'Email must be valid', errors: { email: ['Email must be valid'] } }),
  },
  TooLarge: { description: 'The body is over 64 KiB.', content: json(fixedError(TOO_LARGE), { message: TOO_LARGE }) },
  UnsupportedMediaType: {
    description: 'The body is not sent as application/json.',
    content: json(fixedError(WRONG_MEDIA_TYPE), { message: WRONG_MEDIA_TYPE }),
  },
  Unauthorized: {
    description: 'Not signed in, bad credentials, an expired session or a deactivated account.',
    content: json(ErrorBodySchema, { message: 'Your session has ended, please log in again.' }),
  },
  TooManyRequests: {
    description: 'Too many requests from this client; try again after Retry-After seconds.',
    headers: retryAfter,
    content: json(ErrorBodySchema, { message: 'Too many requests, please try again in 60 seconds.' }),
  },
  InternalError: {
    description: 'An unexpected failure; the answer reveals nothing of it.',
    content: json(fixedError(INTERNAL_ERROR), { message: INTERNAL_ERROR }),
  },
  Unavailable: {
    description: 'A service the route needs (the database, the mail server) cannot be reached.',
    headers: retryAfter,
    content: json(ErrorBodySchema, { message: 'The service is temporarily unavailable, please try again in a few minutes.' }),
  },
} satisfies ResponsesWithResolver;

/**
 * What a request answers when no operation matches it: no route has its path (404), or the path
 * takes other methods (405). OpenAPI has no place for answers outside every operation, so they are
 * given under the document's `x-unmatched-responses`.
 */
const plainJson = (schema: AnySchema) => {
  // As the document's other schemas: no draft-07 $schema of its own inside an OpenAPI 3.1 document.
  const { $schema: _draft, ...jsonSchema } = toJsonSchema(schema);
  return { 'application/json': { schema: jsonSchema } };
};
const UNMATCHED_RESPONSES = {
  NotFound: { description: 'No route has this path.', content: plainJson(fixedError(NOT_FOUND_MESSAGE)) },
  MethodNotAllowed: {
    description: 'The path is known but not with this method; Allow lists the methods it takes.',
    headers: { Allow: { description: 'The methods the path takes.', required: true, schema: { type: 'string' } } },
    content: plainJson(fixedError(METHOD_NOT_ALLOWED_MESSAGE)),
  },
};

/** The groups of operations, each described once (`tags` at the top of the document). */
const TAGS = {
  Service: 'Whether the API is up, and this document.',
  Accounts: 'Sign-up, the e-mail code, KYC, sign-in and sign-out, and a forgotten password.',
  Profile: "The signed-in student's profile and password.",
  Uploads: 'The profile picture: start an upload, send the bytes to the signed URL, confirm.',
  Courses: 'The public catalogue: courses with paging, search and related courses.',
  Payments: "Checkout in naira, the payment result, and the provider's signed events.",
  Learning: "The signed-in student's courses, materials and progress.",
  Notifications: "The signed-in student's notifications.",
  Contact: 'Messages to the college and tutor requests.',
  Newsletter: 'Newsletter subscriptions.',
  Admin: 'Internal: the admin command on the server machine. Loopback only, with the admin secret.',
  Staff: "The college's staff console: staff sign-in with two factors, and the calls of the pages at /staff.",
} as const;
export type Tag = keyof typeof TAGS;

/** How a route is signed, besides the student's bearer token: the admin secret, or the payment provider's signature. */
type Signature = 'adminSecret' | 'paystackSignature';

type SharedResponse = keyof typeof SHARED_RESPONSES;
const ref = (name: SharedResponse) => ({ $ref: `#/components/responses/${name}` });

/** Statuses a route may add with a sentence of its own, e.g. `{ 409: 'An account with this email already exists' }`. */
type RouteErrors = Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422, string>>;

export interface JsonRouteDescription {
  /** Groups routes in the reference at /api/docs: 'Newsletter', 'Accounts', ... (TAGS). */
  tag: Tag;
  summary: string;
  /** What a client author needs beyond the summary; the summary is the description when there is none. */
  description?: string;
  /** Signed by something other than a student's session (the admin secret, the provider's signature). */
  signature?: Signature;
  /** A request body the route reads itself (not through readJsonBody): documented, with no 400, 413 or 415 of the shared kind. */
  rawJsonBody?: AnySchema;
  /** The schema readJsonBody() checks: adds the JSON body and its 400, 413 and 415 answers. */
  body?: AnySchema;
  /** The body may be left out altogether (checkout: none as before, or `{code}`). */
  bodyOptional?: boolean;
  /** The schema the query string is checked with (validateInput): adds its parameters and 400. */
  query?: AnySchema;
  /** Request headers the route reads and checks (validateInput), one field per header: adds them as parameters and 400. */
  headers?: AnySchema;
  /** The success answer: 200 unless told, `data` null unless a schema is given. */
  success?: { status?: 200 | 201 | 202; description?: string; message?: string; data?: AnySchema };
  /** Behind rateLimit(): adds 429 with Retry-After. */
  rateLimited?: boolean;
  /** Needs `Authorization: Bearer <token>`: adds the security requirement and 401. */
  auth?: boolean;
  /**
   * Needs a staff session's `Authorization: Bearer <token>` (never a student's): adds the staff
   * security requirement and 401; 'admin' adds 403 for a member with the staff role.
   */
  staff?: 'staff' | 'admin';
  /** False for a route that reaches neither the database nor the mail server (no 503). */
  mayBeUnavailable?: boolean;
  /** Answers with an ETag and a public Cache-Control: adds 304 for a matching If-None-Match. */
  cacheable?: boolean;
  /** Further error answers this route gives, each with what it means. */
  errors?: RouteErrors;
  /**
   * The success answer is a file, not the JSON envelope: the media types it may have. `ranges` adds
   * 206 (one byte range, with Content-Range) and 416 (a range past the end of the file).
   */
  binary?: { types: readonly string[]; ranges?: boolean };
  /** The request body is raw bytes (a file upload) in one of these media types, not JSON; its 413 and 415 are the route's own. */
  binaryBody?: readonly string[];
  /**
   * What a client author copies: a request body the route accepts and the `data` of its success
   * answer (and its `message`, when the route does not always say the same). The API tests hold each
   * against the operation's own schemas.
   */
  examples?: { body?: unknown; data?: unknown; message?: string };
  /**
   * Answers in another's protocol, not the envelope (the content editor's calls answer as
   * decap-server does): each status with its own JSON schema, replacing what the rest describes.
   */
  protocolAnswers?: Partial<Record<200 | 403 | 404 | 422, { description: string; schema: AnySchema; example?: unknown }>>;
}

const contentRange = {
  'Content-Range': { description: 'The bytes sent, or `bytes */<size>` on 416.', required: true, schema: { type: 'string' } },
} as const;

/** What a cacheable answer carries: its ETag and how long a client or a shared cache may keep it. */
const cachingHeaders = {
  ETag: { description: 'A strong validator of the answer; send it back in If-None-Match.', required: true, schema: { type: 'string' } },
  'Cache-Control': {
    description: 'How long any cache may keep the answer (public, a minute, then revalidated in the background).',
    required: true,
    schema: { type: 'string' },
  },
} as const;

const ifNoneMatch: Parameter = {
  in: 'header',
  name: 'If-None-Match',
  required: false,
  description: 'The ETag of an answer the client holds: a 304 with no body when it is still current.',
  schema: { type: 'string' },
};

const fileContent = (types: readonly string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }]));

/**
 * A JSON route's description, for its handler chain: `routes.post('/x', describeJsonRoute({...}), handler)`.
 * It only describes; the handler still reads its input with readJsonBody()/validateInput().
 */
export function describeJsonRoute(route: JsonRouteDescription) {
  const success = route.success ?? {};
  const responses: ResponsesWithResolver = {
    [success.status ?? 200]: {
      description: success.description ?? success.message ?? 'Done.',
      content: json(successBody(success.data, success.message), {
        message: success.message ?? route.examples?.message ?? success.description,
        data: success.data ? route.examples?.data : null,
      }),
      ...(route.cacheable ? { headers: cachingHeaders } : {}),
    },
  };
  if (route.binary) {
    responses[success.status ?? 200] = { description: success.description ?? 'The file.', content: fileContent(route.binary.types) };
    if (route.binary.ranges) {
      responses[206] = {
        description: 'One byte range of the file (Range: bytes=…).',
        headers: contentRange,
        content: fileContent(route.binary.types),
      };
      responses[416] = { description: 'The range asked for lies past the end of the file.', headers: contentRange };
    }
  }
  if (route.body || route.query || route.headers) responses[400] = ref('BadRequest');
  if (route.auth || route.staff) responses[401] = ref('Unauthorized');
  if (route.staff === 'admin')
    responses[403] = {
      description: NOT_PERMITTED_MESSAGE,
      content: json(fixedError(NOT_PERMITTED_MESSAGE), { message: NOT_PERMITTED_MESSAGE }),
    };
  for (const [status, description] of Object.entries(route.errors ?? {}))
    responses[status] = { description, content: json(ErrorBodySchema, { message: description }) };
  if (route.body) {
    responses[413] = ref('TooLarge');
    responses[415] = ref('UnsupportedMediaType');
  }
  // A route's own 413 or 415 (a file too large, a file of the wrong type) replaces the shared JSON one;
  // ErrorBodySchema allows the shared message too.
  for (const status of [413, 415] as const)
    if (route.errors?.[status])
      responses[status] = { description: route.errors[status], content: json(ErrorBodySchema, { message: route.errors[status] }) };
  if (route.cacheable)
    responses[304] = {
      description: 'Not modified: the answer the client holds (If-None-Match) is still current. No body.',
      headers: cachingHeaders,
    };
  if (route.rateLimited) responses[429] = ref('TooManyRequests');
  for (const [status, answer] of Object.entries(route.protocolAnswers ?? {}))
    responses[status] = { description: answer.description, content: json(answer.schema, answer.example) };
  responses[500] = ref('InternalError');
  if (route.mayBeUnavailable !== false) responses[503] = ref('Unavailable');

  return describeRoute({
    tags: [route.tag],
    summary: route.summary,
    description: descriptionOf(route),
    // Public operations say so: an empty list of requirements.
    security: route.auth ? [{ bearerAuth: [] }] : route.staff ? [{ staffAuth: [] }] : route.signature ? [{ [route.signature]: [] }] : [],
    ...(route.body ? { requestBody: { required: !route.bodyOptional, content: json(route.body, route.examples?.body) } } : {}),
    ...(route.rawJsonBody ? { requestBody: { required: true, content: json(route.rawJsonBody, route.examples?.body) } } : {}),
    ...(route.binaryBody ? { requestBody: { required: true, content: fileContent(route.binaryBody) } } : {}),
    ...(route.query || route.headers || route.cacheable
      ? {
          parameters: [
            ...(route.query ? parametersOf(route.query, 'query') : []),
            ...(route.headers ? parametersOf(route.headers, 'header') : []),
            ...(route.cacheable ? [ifNoneMatch] : []),
          ],
        }
      : {}),
    responses,
  });
}

/** The route's description, or its summary, and what every client must know about it: who may call it, and its limit. */
function descriptionOf(route: JsonRouteDescription): string {
  const notes = [
    route.auth
      ? 'Needs a signed-in student: `Authorization: Bearer <token>`.'
      : route.staff
        ? `Needs a signed-in ${route.staff === 'admin' ? 'admin' : 'member of staff'}: \`Authorization: Bearer <staff token>\`; a student's token is 401.`
        : route.signature
          ? ''
          : 'Public: no sign-in.',
    route.rateLimited ? 'Rate limited: 429 with Retry-After.' : '',
    route.cacheable ? 'Answers with an ETag: send it back in If-None-Match for a 304.' : '',
  ].filter(Boolean);
  const text = route.description ?? `${route.summary}.`;
  return [text, ...notes].join(' ');
}

type Parameter = NonNullable<DescribeRouteOptions['parameters']>[number];

/** One query (or header) parameter per field of the schema, each with the rules the schema gives it. */
function parametersOf(schema: AnySchema, where: 'query' | 'header'): Parameter[] {
  const object = toJsonSchema(schema, { errorMode: 'ignore' }) as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, { description, ...property }]) => ({
    in: where,
    name,
    required: object.required?.includes(name) ?? false,
    ...(description ? { description } : {}),
    schema: property,
  }));
}

/** GET openapi.json describes itself too; its answer is the document, not an envelope. */
export const describeOpenApiDocument = describeRoute({
  tags: ['Service' satisfies Tag],
  summary: 'This OpenAPI document',
  description:
    'The OpenAPI 3.1 document of every operation, built from the schemas the server validates with. Public: no sign-in. Rate limited: 429 with Retry-After.',
  security: [],
  responses: {
    200: {
      description: 'The OpenAPI 3.1 document of every route.',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { openapi: { type: 'string' }, info: { type: 'object' }, paths: { type: 'object' } },
            required: ['openapi', 'info', 'paths'],
          },
          example: { openapi: '3.1.0', info: { title: 'Adire Fashion Academy API', version: packageJson.version }, paths: {} },
        },
      },
    },
    429: ref('TooManyRequests'),
    500: ref('InternalError'),
  },
});

const DOCUMENTATION: GenerateSpecOptions['documentation'] = {
  openapi: '3.1.0',
  info: {
    title: 'Adire Fashion Academy API',
    version: packageJson.version,
    contact: { name: 'Adire Fashion Academy', email: 'hello@adireacademy.ng' },
    // No open licence: the API serves the college's own site (terms of use on the site: see buildOpenApiDocument).
    description: [
      'JSON in and out. A success answers `{message, data}`; an error `{message, errors?}`, where `errors` holds the messages of each refused field.',
      'Besides the answers listed per route, any request may get 404 (no route has its path), 405 with Allow (the path takes other methods) or 500; the 404 and 405 answers are described under `x-unmatched-responses`.',
    ].join('\n\n'),
  },
  servers: [{ url: '/api/v1' }],
  tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'An opaque session token from sign-in.' },
      staffAuth: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A staff session token from staff sign-in (password, then a TOTP or recovery code). Ends 15 minutes after the last call and 8 hours after sign-in. Never a student token.',
      },
      adminSecret: {
        type: 'apiKey',
        in: 'header',
        name: ADMIN_SECRET_HEADER,
        description: 'The secret the server writes to DATA_DIR/admin-secret at every start; accepted from the loopback address only.',
      },
      paystackSignature: {
        type: 'apiKey',
        in: 'header',
        name: SIGNATURE_HEADER,
        description:
          "Paystack's signature of the event: the hex HMAC-SHA512 of the raw request body, keyed with the secret key (PAYSTACK_SECRET_KEY; the test provider's own key in test mode).",
      },
    },
    responses: SHARED_RESPONSES,
  },
};

export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>> & { 'x-unmatched-responses': typeof UNMATCHED_RESPONSES };

/**
 * The document of every described route of `api`, a Hono app on `basePath`. Paths are written
 * relative to the server URL (`/health`, not `/api/v1/health`), so the routes are handed over with
 * the base taken off; generateSpecs() reads nothing of the app but its routes.
 */
export async function buildOpenApiDocument(api: Pick<Hono, 'routes'>, basePath: string, siteUrl: string): Promise<OpenApiDocument> {
  const routes = api.routes.map((route) => ({ ...route, path: route.path.slice(basePath.length) || '/' }));
  const license = { name: 'Proprietary: all rights reserved', url: new URL('/terms', siteUrl).href };
  const document = await generateSpecs({ routes } as unknown as Hono, {
    documentation: { ...DOCUMENTATION, info: { ...DOCUMENTATION.info!, license } },
    // '/openapi.json' would otherwise be taken for a static file and left out.
    excludeStaticFile: false,
  });
  return { ...document, 'x-unmatched-responses': UNMATCHED_RESPONSES };
}

/** The handler of GET openapi.json; the document is built on the first request, when every route exists. */
export function openApiDocument(api: Pick<Hono, 'routes'>, basePath: string, siteUrl: string) {
  let document: Promise<OpenApiDocument> | undefined;
  return async <E extends Env>(c: Context<E>) => {
    document ??= buildOpenApiDocument(api, basePath, siteUrl);
    return c.json(await document);
  };
}
