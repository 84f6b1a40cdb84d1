// Every path parameter of every route the API documents, signed in, holding control characters
// (NUL, CR, LF, ...): always 404 before any query (PostgreSQL refuses NUL in text: once a 500), and
// no log line is split. Generated values too, a run per route.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from './support/catalogue.ts';
import { signUpStudent } from './support/factories.ts';
import { readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

interface Document {
  paths: Record<string, Record<string, unknown>>;
}

const NASTY = ['%00', 'course-02%00', 'a%0Ab', '%0D%0AX-Forged:%20line', '%1F', 'm1%7F', '%09'];
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** Every documented "METHOD /path/{param}" (relative to /api/v1), its parameters filled by `fill`. */
async function routesWithParameters(): Promise<{ method: string; path: string }[]> {
  const document = (await readJson(await t.app.request('/api/v1/openapi.json'))) as unknown as Document;
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    path.includes('{')
      ? Object.keys(operations)
          .filter((method) => METHODS.includes(method))
          .map((method) => ({ method, path }))
      : [],
  );
}

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value).replace(/^\//, '');
/** A request as a client sends it: a JSON body only where the method takes one. */
const call = (method: string, path: string, token: string) =>
  send(t.app, path, method === 'get' ? undefined : {}, { method: method.toUpperCase(), token });

describe('path parameters with control characters', () => {
  it('are 404 on every documented route, signed in, and leave every log line whole', async () => {
    await seedCatalogue(t.db);
    const { token } = await signUpStudent(t);
    const routes = await routesWithParameters();
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const { method, path } of routes)
      for (const value of NASTY) {
        const answer = await call(method, fill(path, value), token);
        expect(answer.status, `${method.toUpperCase()} ${fill(path, value)}`).toBe(404);
      }
    for (const line of t.log.lines) expect(line).not.toMatch(/[\r\n]/);
  });

  it('are 404 for generated values on every documented route', async () => {
    const { token } = await signUpStudent(t);
    const routes = await routesWithParameters();
    const withControl = fc
      .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 31 }), fc.string({ maxLength: 8 }))
      .map(([before, code, after]) => encodeURIComponent(before + String.fromCharCode(code) + after));
    for (const { method, path } of routes)
      await fc.assert(
        fc.asyncProperty(withControl, async (value) => {
          const answer = await call(method, fill(path, value), token);
          expect(answer.status).toBe(404);
        }),
        { numRuns: 20 },
      );
  });
});

describe('log lines', () => {
  it('write a path that reaches an error with its control characters escaped', async () => {
    const { escapeForLog } = await import('#server/log.ts');
    expect(escapeForLog('/user/a\nb\r\u0000')).toBe('/user/a\\x0ab\\x0d\\x00');
  });
});
