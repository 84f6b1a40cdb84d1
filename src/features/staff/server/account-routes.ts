// The signed-in member's own calls: who am I, and sign out.
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { StaffSchema } from '../schemas.ts';
import { requireStaff, type StaffEnv } from './require-staff.ts';
import { revokeStaffSession } from './sessions.ts';
import { EXAMPLE_STAFF } from './examples.ts';
import { toStaff } from './staff.ts';

/** Mounted at /staff. */
export function createStaffAccountRoutes(services: ApiServices) {
  const guard = requireStaff(services);
  return new Hono<StaffEnv>()
    .get(
      '/me',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'The signed-in member of staff',
        examples: { data: EXAMPLE_STAFF },
        success: { message: 'OK', data: StaffSchema },
      }),
      guard,
      (c) => c.json({ message: 'OK', data: toStaff(c.var.staff) }, 200),
    )
    .post(
      '/auth/logout',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Sign out: the staff token stops working',
        success: { message: 'You have been signed out.' },
      }),
      guard,
      async (c) => {
        await revokeStaffSession(services.db, c.var.staffToken);
        return c.json({ message: 'You have been signed out.', data: null }, 200);
      },
    );
}
