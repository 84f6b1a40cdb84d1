// Staff and student tokens never cross, on every documented operation (the staff console's later
// calls included, as they join the document): a student's token on a staff call is 401, a staff
// token on a student call is 401, a member with the staff role on an admin call is 403, and every
// staff answer, refusals included, is no-store.
import { describe, expect, it } from 'vitest';
import { signUpStudent } from './support/factories.ts';
import { publishedDocument, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const t = useTestApp();

interface Operation {
  security?: Record<string, unknown>[];
  responses: Record<string, { description?: string }>;
  requestBody?: unknown;
}

const ID = '00000000-0000-4000-8000-000000000000';

async function operations() {
  const document = (await publishedDocument()) as unknown as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, ID).replace(/^\//, ''),
      operation,
      needs: (scheme: string) => operation.security?.some((requirement) => scheme in requirement) ?? false,
    })),
  );
}

const call = (method: string, path: string, token?: string) =>
  send(t.app, path, method === 'GET' || method === 'HEAD' ? undefined : {}, {
    method,
    ...(token ? { token } : {}),
    ...(method === 'GET' ? { contentType: null } : {}),
  });

describe('staff and student tokens', () => {
  it('a staff call refuses no token and a student token (401), no-store', async () => {
    const student = await signUpStudent(t);
    const staffOperations = (await operations()).filter((operation) => operation.needs('staffAuth'));
    expect(staffOperations.length).toBeGreaterThanOrEqual(6);
    for (const { method, path } of staffOperations)
      for (const token of [undefined, student.token]) {
        const answer = await call(method, path, token);
        expect(answer.status, `${method} ${path} with ${token ? 'a student token' : 'no token'}`).toBe(401);
        expect(answer.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
      }
  });

  it('a student call refuses a staff token, an admin one too (401)', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    const studentOperations = (await operations()).filter((operation) => operation.needs('bearerAuth'));
    expect(studentOperations.length).toBeGreaterThanOrEqual(10);
    for (const { method, path } of studentOperations) expect((await call(method, path, admin.token)).status, `${method} ${path}`).toBe(401);
  });

  it('an admin-only call refuses a member with the staff role (403)', async () => {
    const member = await seedStaff(t);
    const adminOperations = (await operations()).filter(
      ({ operation, needs }) => needs('staffAuth') && operation.responses['403']?.description === 'You do not have permission to do this.',
    );
    expect(adminOperations.length).toBeGreaterThanOrEqual(4);
    for (const { method, path } of adminOperations) {
      const answer = await call(method, path, member.token);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(await answer.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
  });

  it('every staff answer is no-store: public sign-in calls, refused input and unknown paths too', async () => {
    const answers = [
      await send(t.app, 'staff/auth/login', { email: 'nobody@adireacademy.ng', password: 'Wrong-Pass9' }),
      await send(t.app, 'staff/auth/login', { email: 'not an address' }),
      await send(t.app, 'staff/auth/mfa', 'not json'),
      await send(t.app, 'staff/nothing-here', undefined, { method: 'GET', contentType: null }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 400, 400, 404]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('a staff path parameter holding a control character is 404 and no-store too', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    for (const value of ['%00', 'a%0Ab', '%1F'])
      for (const method of ['PATCH', 'DELETE']) {
        const answer = await send(t.app, `staff/members/${value}`, method === 'PATCH' ? { role: 'staff' } : undefined, {
          method,
          token: admin.token,
        });
        expect(answer.status, `${method} staff/members/${value}`).toBe(404);
        expect(answer.headers.get('cache-control'), `${method} staff/members/${value}`).toBe('no-store');
      }
  });
});
