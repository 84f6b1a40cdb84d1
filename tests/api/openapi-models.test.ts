// What a client author reads in the API document besides the paths: named models a generated client
// turns into types, an example on every request body and success answer (each one valid against
// the schema next to it, so an example cannot drift from the rules), the caching headers of the
// cacheable answers, and request rules as strict as the server's.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { NIGERIAN_STATES } from '#lib/schemas/nigeria.ts';
import { publishedDocument } from './support/test-app.ts';

interface Media {
  schema: object;
  example?: unknown;
}
interface Response {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, Media>;
}
interface Parameter {
  in: string;
  name: string;
  schema: Record<string, unknown>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; responses: Record<string, Response> };
}

const raw = (await publishedDocument()) as unknown as Document;
const document = (await SwaggerParser.dereference(structuredClone(raw) as never)) as unknown as Document;
const ajv = new Ajv2020({ allErrors: true, strict: false });
(ajvFormats as unknown as (ajv: Ajv2020) => void)(ajv);

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);

/** The problems of `example` against `schema`, as 'path message' lines; empty when it is valid. */
function problemsOf(schema: object, example: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(example) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

describe('named models', () => {
  it.each([
    'User',
    'SignedIn',
    'CourseCard',
    'CataloguePage',
    'RelatedCoursesPage',
    'CourseDetails',
    'Tutor',
    'Material',
    'CourseMaterials',
    'MaterialProgress',
    'MyCourse',
    'Notification',
    'NotificationList',
    'Checkout',
    'Enrolment',
    'PaymentStatus',
    'ErrorBody',
  ])('%s is a schema of its own, referenced where it is used', (name) => {
    expect(raw.components.schemas).toHaveProperty(name);
    const { [name]: _itself, ...otherSchemas } = raw.components.schemas;
    expect(JSON.stringify([raw.paths, otherSchemas, raw.components.responses])).toContain(`"#/components/schemas/${name}"`);
  });
});

describe('examples', () => {
  const bodies = operations.filter(({ operation }) => operation.requestBody?.content['application/json']);
  it.each(bodies)('$name: the request body has an example its schema accepts', ({ operation }) => {
    const media = operation.requestBody!.content['application/json']!;
    expect(media.example).toBeDefined();
    expect(problemsOf(media.schema, media.example)).toEqual([]);
  });

  const successes = operations.flatMap(({ name, operation }) =>
    Object.entries(operation.responses)
      .filter(([status, response]) => /^2/.test(status) && response.content?.['application/json'])
      .map(([status, response]) => ({ name: `${name} ${status}`, media: response.content!['application/json']! })),
  );
  it.each(successes)('$name: the success answer has an example its schema accepts', ({ media }) => {
    expect(media.example).toBeDefined();
    expect(problemsOf(media.schema, media.example)).toEqual([]);
  });

  it.each(Object.entries(document.components.responses))('the shared %s answer has an example its schema accepts', (_, response) => {
    const media = response.content!['application/json']!;
    expect(media.example).toBeDefined();
    expect(problemsOf(media.schema, media.example)).toEqual([]);
  });

  it('an example that breaks its schema is caught', () => {
    const signup = document.paths['/user/auth/student/signup']!.post!.requestBody!.content['application/json']!;
    expect(problemsOf(signup.schema, { ...(signup.example as object), password: 'lowercase1' })).not.toEqual([]);
    expect(problemsOf(signup.schema, { ...(signup.example as object), surname: 'Okafor' })).not.toEqual([]);
  });
});

describe('request rules as strict as the server', () => {
  const catalogue = document.paths['/user/courses']!.get!;
  const parameter = (name: string) => catalogue.parameters!.find((candidate) => candidate.name === name)!.schema;

  it('page and per_page are whole numbers within their bounds', () => {
    expect(parameter('per_page')).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 10 });
    expect(parameter('page')).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
  });

  it('the password needs 8 to 50 characters with an uppercase letter and a digit', () => {
    const password = (
      document.paths['/user/auth/student/signup']!.post!.requestBody!.content['application/json']!.schema as {
        properties: Record<string, object>;
      }
    ).properties.password!;
    expect(password).toMatchObject({ minLength: 8, maxLength: 50 });
    expect(problemsOf(password, 'Indigo-Lagos7')).toEqual([]);
    for (const refused of ['indigo-lagos7', 'Indigo-Lagos', 'Ab1']) expect(problemsOf(password, refused), refused).not.toEqual([]);
  });

  it('in Nigeria the state is one of the 37', () => {
    const kyc = document.paths['/user/auth/student/kyc']!.post!.requestBody!.content['application/json']!.schema;
    const body = { gender: 'female', date_of_birth: '2001-04-17', country: 'Nigeria' };
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(problemsOf(kyc, { ...body, state: 'Lagos' })).toEqual([]);
    expect(problemsOf(kyc, { ...body, state: 'Ontario' })).not.toEqual([]);
    expect(problemsOf(kyc, { ...body, country: 'nigeria ', state: 'Ontario' })).not.toEqual([]);
    expect(problemsOf(kyc, { ...body, country: 'Canada', state: 'Ontario' })).toEqual([]);
  });

  it('progress is a whole percentage from 0 to 100', () => {
    const schema = raw.components.schemas.MaterialProgress as { properties: { progress: object } };
    expect(schema.properties.progress).toMatchObject({ type: 'integer', minimum: 0, maximum: 100 });
  });
});

describe('caching, declared', () => {
  const cacheable = operations.filter(({ operation }) => operation.responses['304']);
  it('the three course reads are cacheable', () => {
    expect(cacheable.map(({ name }) => name).sort()).toEqual([
      'GET /user/courses',
      'GET /user/courses/{id}',
      'GET /user/courses/{id}/related-courses',
    ]);
  });
  it.each(cacheable)('$name takes If-None-Match and answers ETag and Cache-Control', ({ operation }) => {
    expect(operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'If-None-Match')).toBe(true);
    for (const status of ['200', '304']) {
      expect(operation.responses[status]!.headers?.ETag?.required, status).toBe(true);
      expect(operation.responses[status]!.headers?.['Cache-Control']?.required, status).toBe(true);
    }
  });
});
