// The guards of every staff route, as requireStudent is for students: the bearer token must be a
// live staff session (a student's token is not one: 401), the member must not be removed, and the
// answer is never cached. requireAdmin also demands the admin role (403 otherwise).
//
//   routes.get('/students', describeJsonRoute({ tag: 'Staff', staff: 'staff', ... }), requireStaff(services), handler)
//   routes.post('/payments/:reference/refund', describeJsonRoute({ tag: 'Staff', staff: 'admin', ... }), requireAdmin(services), handler)
import { createMiddleware } from 'hono/factory';
import { NOT_PERMITTED_MESSAGE } from '#lib/errors.ts';
import { bearerToken, SESSION_ENDED, SIGN_IN_REQUIRED } from '#server/auth/require-student.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { findStaffSession, type StaffRecord } from './sessions.ts';

export interface StaffEnv extends ApiEnv {
  Variables: ApiEnv['Variables'] & { staff: StaffRecord; staffToken: string };
}

const NO_STORE = { 'cache-control': 'no-store' };

function guard(services: Pick<ApiServices, 'db' | 'clock'>, adminOnly: boolean) {
  return createMiddleware<StaffEnv>(async (c, next) => {
    c.header('cache-control', 'no-store');
    const header = c.req.header('authorization');
    if (!header) throw new ApiError(401, SIGN_IN_REQUIRED, { headers: NO_STORE });
    const token = bearerToken(header);
    const session = token ? await findStaffSession(services.db, token, services.clock()) : null;
    if (!token || !session) throw new ApiError(401, SESSION_ENDED, { headers: NO_STORE });
    if (adminOnly && session.staff.role !== 'admin') throw new ApiError(403, NOT_PERMITTED_MESSAGE, { headers: NO_STORE });
    c.set('staff', session.staff);
    c.set('staffToken', token);
    await next();
    c.res.headers.set('cache-control', 'no-store');
  });
}

/** Any signed-in member of staff (role admin or staff). */
export const requireStaff = (services: Pick<ApiServices, 'db' | 'clock'>) => guard(services, false);

/** A signed-in admin; a member with the staff role gets 403. */
export const requireAdmin = (services: Pick<ApiServices, 'db' | 'clock'>) => guard(services, true);
