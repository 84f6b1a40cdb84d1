// The guard of every route that needs a signed-in student. It reads the bearer token, finds a live
// session, refuses a deactivated account with the exact message the client recognises, marks the
// answer as private (no-store) and puts the student on the context as c.var.student.
import { createMiddleware } from 'hono/factory';
import { DEACTIVATED_MESSAGE } from '#lib/errors.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { findSession, type StudentRecord } from './sessions.ts';

export const SIGN_IN_REQUIRED = 'Please log in to continue.';
export const SESSION_ENDED = 'Your session has ended, please log in again.';

export interface StudentEnv extends ApiEnv {
  Variables: ApiEnv['Variables'] & { student: StudentRecord; sessionToken: string; sessionId: string };
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export function requireStudent(services: Pick<ApiServices, 'db' | 'clock'>) {
  return createMiddleware<StudentEnv>(async (c, next) => {
    // Whatever the outcome, an answer about a person's account is never stored by a cache.
    c.header('cache-control', 'no-store');
    const header = c.req.header('authorization');
    if (!header) throw new ApiError(401, SIGN_IN_REQUIRED, { headers: { 'cache-control': 'no-store' } });
    const token = bearerToken(header);
    const session = token ? await findSession(services.db, token, services.clock()) : null;
    const student = session?.student;
    if (!token || !session || !student) throw new ApiError(401, SESSION_ENDED, { headers: { 'cache-control': 'no-store' } });
    if (student.deactivatedAt) throw new ApiError(401, DEACTIVATED_MESSAGE, { headers: { 'cache-control': 'no-store' } });
    c.set('student', student);
    c.set('sessionToken', token);
    c.set('sessionId', session.sessionId);
    await next();
    c.res.headers.set('cache-control', 'no-store');
  });
}
