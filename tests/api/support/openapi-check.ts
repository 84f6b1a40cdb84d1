// Holds every answer the tests receive against the API's own OpenAPI document: the status must be
// listed for the path and method (or be one of the answers any request may get: 404 for an unknown
// path, 405 for a known path with another method, 500), its required headers present and its JSON
// body valid against the schema of that status. So the document cannot drift from the server.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';

interface Header {
  required?: boolean;
  schema?: { type?: string };
}
interface ResponseSpec {
  headers?: Record<string, Header>;
  content?: Record<string, { schema?: object }>;
}
interface Operation {
  responses: Record<string, ResponseSpec>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, ResponseSpec> };
  /** What a request no operation matches answers: 404 NotFound, 405 MethodNotAllowed. */
  'x-unmatched-responses': Record<string, ResponseSpec>;
}

export class AnswerMismatchError extends Error {
  override name = 'AnswerMismatchError';
}

export interface AnswerChecker {
  /** Throws AnswerMismatchError when the answer to `method url` is not what the document says. */
  check(method: string, url: string, response: Response): Promise<void>;
}

/** A checker for `document`, whose paths are relative to `basePath` (its server URL). */
export async function createAnswerChecker(document: object, basePath: string): Promise<AnswerChecker> {
  const resolved = (await SwaggerParser.dereference(structuredClone(document) as never)) as unknown as Document;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = new WeakMap<object, ValidateFunction>();
  const paths = Object.entries(resolved.paths).map(([template, item]) => ({ template, match: templatePattern(template), item }));
  const shared = resolved.components.responses;
  const unmatched = resolved['x-unmatched-responses'];

  function namesNothing(relative: string): boolean {
    let decoded = relative;
    try {
      decoded = decodeURIComponent(relative);
    } catch {
      // Left as sent.
    }
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
    return /[\u0000-\u001f\u007f]/.test(decoded);
  }

  function expectedAnswer(method: string, pathname: string, status: number): ResponseSpec {
    const where = `${method} ${pathname} answered ${status}`;
    const relative = pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
    // A path with a control character in it names no route (src/server/http/path-characters.ts).
    const path = relative === undefined || namesNothing(relative) ? undefined : paths.find((candidate) => candidate.match.test(relative));
    const operation = path?.item[method === 'HEAD' ? 'get' : method.toLowerCase()];
    const listed = operation?.responses[status];
    if (listed) return listed;
    if (status === 500) return shared.InternalError!;
    if (!path) {
      if (status === 404) return unmatched.NotFound!;
      throw new AnswerMismatchError(`${where}, but the document has no such path (only 404 or 500 may answer it)`);
    }
    if (!operation) {
      if (status === 405) return unmatched.MethodNotAllowed!;
      throw new AnswerMismatchError(`${where}, but the document has no ${method} on ${path.template} (only 405 or 500 may answer it)`);
    }
    const statuses = Object.keys(operation.responses).join(', ');
    throw new AnswerMismatchError(`${where}, which the document does not list for ${method} ${path.template} (it lists ${statuses})`);
  }

  return {
    async check(method, url, response) {
      const upper = method.toUpperCase();
      const { pathname } = new URL(url, 'http://localhost');
      const where = `${upper} ${pathname} answered ${response.status}`;
      // A preflight or an OPTIONS request answers 204 with Allow and no body, on any known path.
      if (upper === 'OPTIONS' && response.status === 204) return;
      const expected = expectedAnswer(upper, pathname, response.status);

      for (const [name, header] of Object.entries(expected.headers ?? {})) {
        const value = response.headers.get(name);
        if (value === null) {
          if (header.required) throw new AnswerMismatchError(`${where} without the ${name} header the document requires`);
          continue;
        }
        if (header.schema?.type === 'integer' && !/^\d+$/.test(value))
          throw new AnswerMismatchError(`${where} with ${name}: ${value}, which is not the integer the document says`);
      }

      const schema = expected.content?.['application/json']?.schema;
      if (upper === 'HEAD' || !schema) return;
      const type = response.headers.get('content-type') ?? '';
      if (!type.startsWith('application/json')) throw new AnswerMismatchError(`${where} with Content-Type "${type}", not application/json`);
      const text = await response.clone().text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new AnswerMismatchError(`${where} with a body that is not JSON: ${text.slice(0, 200)}`);
      }
      let validate = compiled.get(schema);
      if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
      if (!validate(body)) {
        const problems = ajv.errorsText(validate.errors, { dataVar: 'body' });
        throw new AnswerMismatchError(`${where} with a body the document does not allow (${problems}): ${text.slice(0, 300)}`);
      }
    },
  };
}

/** An OpenAPI path ('/user/courses/{id}') as an anchored regular expression. */
function templatePattern(template: string): RegExp {
  const source = template
    .split('/')
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

// ajv-formats is CommonJS: under Node's ESM the plugin may arrive as the module or as its default.
const addFormats = ((ajvFormats as unknown as { default?: typeof ajvFormats }).default ?? ajvFormats) as (ajv: Ajv2020) => Ajv2020;

type RequestFunction = (input: RequestInfo | URL, init?: RequestInit, ...rest: never[]) => Response | Promise<Response>;

const checkers = new Map<string, Promise<AnswerChecker>>();

/**
 * Makes `app.request` check every answer against the document the app itself publishes at
 * `${basePath}/openapi.json` (read once per app, compiled once per distinct document).
 */
export function checkAnswersOf<A extends { request: RequestFunction }>(app: A, basePath: string): A {
  const request = app.request;
  let checker: Promise<AnswerChecker> | undefined;
  const loadChecker = async () => {
    const text = await (await request(`${basePath}/openapi.json`)).text();
    let cached = checkers.get(text);
    if (!cached) checkers.set(text, (cached = createAnswerChecker(JSON.parse(text) as object, basePath)));
    return cached;
  };
  const checked = async (input: RequestInfo | URL, init?: RequestInit, ...rest: never[]) => {
    const response = await request(input, init, ...rest);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : String(input);
    checker ??= loadChecker();
    await (await checker).check(method, url, response);
    return response;
  };
  app.request = checked;
  return app;
}
