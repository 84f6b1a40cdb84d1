// describeJsonRoute(): what one line of description puts in the document, for the kinds of route the
// coming features add (a query, a signed-in caller, their own error answers, data in the envelope).
import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, describeJsonRoute } from './openapi.ts';

const CourseQuery = v.strictObject({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d+$/))),
  search: v.pipe(v.string(), v.maxLength(100)),
});
const Course = v.strictObject({ id: v.string(), title: v.string() });

const api = new Hono().basePath('/api/v1');
api.get(
  '/user/student/courses/:id',
  describeJsonRoute({
    tag: 'Courses',
    summary: 'One enrolled course',
    query: CourseQuery,
    success: { data: Course },
    auth: true,
    errors: { 403: 'Not enrolled in this course', 404: 'No such course' },
  }),
  (c) => c.json({ message: 'OK', data: { id: c.req.param('id'), title: 'Adire' } }),
);
api.get('/status', describeJsonRoute({ tag: 'Service', summary: 'Static', mayBeUnavailable: false }), (c) =>
  c.json({ message: 'OK', data: null }),
);
api.get('/undescribed', (c) => c.json({}));

const document = await buildOpenApiDocument(api, '/api/v1', 'http://localhost:4321');
type Operation = {
  parameters: object[];
  security?: object[];
  responses: Record<string, { description?: string; content?: Record<string, { schema: object }> }>;
};
const operation = (path: string) => (document.paths[path] as { get: Operation }).get;

describe('describeJsonRoute', () => {
  it('writes paths relative to the server, with Hono parameters as OpenAPI ones, and leaves out undescribed routes', () => {
    expect(Object.keys(document.paths)).toEqual(['/user/student/courses/{id}', '/status']);
    expect(operation('/user/student/courses/{id}').parameters).toContainEqual({
      in: 'path',
      name: 'id',
      required: true,
      schema: { type: 'string' },
    });
  });

  it('turns a query schema into its parameters', () => {
    const parameters = operation('/user/student/courses/{id}').parameters;
    expect(parameters).toContainEqual({ in: 'query', name: 'page', required: false, schema: { type: 'string', pattern: '^\\d+$' } });
    expect(parameters).toContainEqual({ in: 'query', name: 'search', required: true, schema: { type: 'string', maxLength: 100 } });
  });

  it("adds the bearer requirement, 401, the route's own errors and data in the success envelope", () => {
    const course = operation('/user/student/courses/{id}');
    expect(course.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(course.responses)).toEqual(['200', '400', '401', '403', '404', '500', '503']);
    expect(course.responses['403']!.description).toBe('Not enrolled in this course');
    expect(course.responses['200']!.content!['application/json']!.schema).toMatchObject({
      required: ['message', 'data'],
      properties: { data: { type: 'object', required: ['id', 'title'], additionalProperties: false } },
    });
  });

  it('leaves 503 out for a route that needs no other service', () => {
    expect(Object.keys(operation('/status').responses)).toEqual(['200', '500']);
  });
});
