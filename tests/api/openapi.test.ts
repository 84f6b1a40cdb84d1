// The API describes itself: GET /api/v1/openapi.json documents every route the app answers and
// nothing else, is a valid OpenAPI 3.1 document built from the routes' own schemas, and the checker
// that holds every test's answers against it does refuse a wrong answer.
import SwaggerParser from '@apidevtools/swagger-parser';
import { inspectRoutes } from 'hono/dev';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { API_BASE } from '#server/app.ts';
import { createAnswerChecker, AnswerMismatchError } from './support/openapi-check.ts';
import { buildTestApp, NO_DATABASE, readJson } from './support/test-app.ts';

interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, unknown> }>
  >;
  components: { securitySchemes: Record<string, unknown> };
}

const { app } = buildTestApp(NO_DATABASE);
const document = (await readJson(await app.request(`${API_BASE}/openapi.json`))) as unknown as Document;

/**
 * 'GET /user/courses/{id}' for every route a request can reach: every handler the app holds, whatever
 * it was registered for (an `all` handler too); only middleware registered for ALL is left aside.
 */
const answeredRoutes = (api: typeof app) =>
  new Set(
    inspectRoutes(api)
      .filter((route) => !(route.method === 'ALL' && route.isMiddleware))
      .map((route) => `${route.method} ${route.path.slice(API_BASE.length).replace(/:([^/{]+)(\{[^}]*\})?/g, '{$1}')}`),
  );
const documentedRoutes = (described: Document) =>
  new Set(Object.entries(described.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)));
const undocumented = (api: typeof app, described: Document) =>
  [...answeredRoutes(api)].filter((route) => !documentedRoutes(described).has(route)).sort();

describe('the OpenAPI document', () => {
  // The list of operations is the app's own: a route added without a description fails here.
  it('documents every route the API answers, and no route it does not', () => {
    const answered = [...answeredRoutes(app)].sort();
    expect(answered).toEqual(expect.arrayContaining(['GET /health', 'GET /openapi.json']));
    expect(undocumented(app, document)).toEqual([]);
    expect([...documentedRoutes(document)].sort()).toEqual(answered);
  });

  it('lists a route added without a description, whatever its method, as undocumented', async () => {
    const { app: grown } = buildTestApp(NO_DATABASE);
    grown.post(`/user/courses/:id/wishlist`, (c) => c.json({ message: 'Saved', data: null }, 201));
    grown.all(`/user/anything`, (c) => c.json({ message: 'OK', data: null }));
    const grownDocument = (await readJson(await grown.request(`${API_BASE}/openapi.json`))) as unknown as Document;
    expect(undocumented(grown, grownDocument)).toEqual(['ALL /user/anything', 'POST /user/courses/{id}/wishlist']);
  });

  it('is a valid OpenAPI 3.1 document, with its title, version, server and the bearer scheme', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Adire Fashion Academy API', version: packageJson.version });
    expect(document.servers).toEqual([{ url: API_BASE }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes bodies with the schemas the routes validate with, and every answer a JSON route gives', () => {
    const contact = document.paths['/user/contact']!.post!;
    const body = contact.requestBody!.content['application/json']!.schema;
    expect(body.required).toEqual(['first_name', 'last_name', 'email', 'phone_number', 'message']);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties).toMatchObject({ message: { maxLength: 5000 }, email: { maxLength: 254 } });
    expect(Object.keys(contact.responses)).toEqual(['201', '400', '413', '415', '429', '500', '503']);
    expect(Object.keys(document.paths['/health']!.get!.responses)).toEqual(['200', '429', '500', '503']);
  });
});

const checker = await createAnswerChecker(document, API_BASE);

describe('the answer checker', () => {
  const json = (body: unknown, status: number, headers: Record<string, string> = {}) => Response.json(body, { status, headers });
  const contactUrl = `${API_BASE}/user/contact`;

  it('accepts the answers the document lists', async () => {
    const created = { message: 'Thank you for reaching out! We will get back to you shortly.', data: null };
    await expect(checker.check('POST', contactUrl, json(created, 201))).resolves.toBeUndefined();
    await expect(checker.check('POST', contactUrl, json({ message: 'Slow down' }, 429, { 'retry-after': '60' }))).resolves.toBeUndefined();
    await expect(checker.check('GET', `${API_BASE}/nope`, json({ message: 'Not found' }, 404))).resolves.toBeUndefined();
    await expect(
      checker.check('PUT', contactUrl, json({ message: 'Method not allowed' }, 405, { allow: 'POST, OPTIONS' })),
    ).resolves.toBeUndefined();
  });

  it.each([
    [
      'a status the route does not list',
      'POST',
      contactUrl,
      json({ message: 'Accepted', data: null }, 202),
      /POST \/api\/v1\/user\/contact answered 202.*lists 201, 400/,
    ],
    [
      'a body with another message',
      'POST',
      contactUrl,
      json({ message: 'Thanks', data: null }, 201),
      /answered 201 with a body the document does not allow/,
    ],
    [
      'a body with a field too many',
      'POST',
      contactUrl,
      json({ message: 'Not found', data: null, extra: 1 }, 400),
      /answered 400 with a body/,
    ],
    ['429 without Retry-After', 'POST', contactUrl, json({ message: 'Slow down' }, 429), /answered 429 without the Retry-After header/],
    [
      '503 with a Retry-After that is no number',
      'GET',
      `${API_BASE}/health`,
      json({ message: 'Down' }, 503, { 'retry-after': 'soon' }),
      /Retry-After: soon/,
    ],
    [
      'a route the document lacks',
      'GET',
      `${API_BASE}/admin`,
      json({ message: 'OK', data: null }, 200),
      /GET \/api\/v1\/admin answered 200, but the document has no such path/,
    ],
    [
      'another method on a known path',
      'DELETE',
      contactUrl,
      json({ message: 'Gone', data: null }, 200),
      /DELETE \/api\/v1\/user\/contact answered 200, but the document has no DELETE/,
    ],
    ['text where JSON is documented', 'GET', `${API_BASE}/health`, new Response('OK', { status: 200 }), /Content-Type "text\/plain/],
  ])('refuses %s', async (_name, method, url, response, message) => {
    await expect(checker.check(method, url, response)).rejects.toThrow(AnswerMismatchError);
    await expect(checker.check(method, url, response.clone())).rejects.toThrow(message);
  });

  it('runs on every answer the test app receives', async () => {
    const { app: checked } = buildTestApp(NO_DATABASE);
    checked.get('/undocumented', (c) => c.json({ message: 'OK', data: null }));
    await expect(checked.request(`${API_BASE}/undocumented`)).rejects.toThrow(/GET \/api\/v1\/undocumented answered 200/);
  });
});
