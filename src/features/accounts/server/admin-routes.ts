// The operator's door for `npm run admin -- deactivate|activate <email>`, behind the admin lock of
// src/server/auth/admin-guard.ts: loopback only, not through a proxy, with the server's secret.
import { Hono } from 'hono';
import * as v from 'valibot';
import { EmailSchema } from '#lib/schemas/fields.ts';
import type { ApiServices } from '#server/deps.ts';
import { ADMIN_FORBIDDEN, ADMIN_ONLY, requireAdmin } from '#server/auth/admin-guard.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { setStudentActive } from './students.ts';
import { EXAMPLE_EMAIL } from '#server/http/openapi-examples.ts';

const NO_SUCH_ACCOUNT = 'No account uses this email address';

const StudentStatusSchema = v.strictObject({ email: EmailSchema, active: v.boolean('active must be true or false') });
const StudentStatusDataSchema = v.object({ email: v.string(), active: v.boolean() });

/** Mounted at /admin. */
export function createAdminRoutes(services: ApiServices) {
  return new Hono<ApiEnv>().post(
    '/students/status',
    describeJsonRoute({
      tag: 'Admin',
      signature: 'adminSecret',
      summary: 'Deactivate or reactivate an account (internal: the admin command, from this machine only)',
      examples: {
        body: { ...EXAMPLE_EMAIL, active: false },
        data: { ...EXAMPLE_EMAIL, active: false },
        message: 'ngozi@example.com is deactivated and signed out everywhere.',
      },
      description: `${ADMIN_ONLY} Deactivation ends every session of the account.`,
      body: StudentStatusSchema,
      success: { data: StudentStatusDataSchema },
      errors: { 403: ADMIN_FORBIDDEN, 404: NO_SUCH_ACCOUNT },
    }),
    requireAdmin(services),
    async (c) => {
      const { email, active } = await readJsonBody(c, StudentStatusSchema);
      if (!(await setStudentActive(services.db, email, active, services.clock()))) throw new ApiError(404, NO_SUCH_ACCOUNT);
      const message = active ? `${email} can log in again.` : `${email} is deactivated and signed out everywhere.`;
      return c.json({ message, data: { email, active } }, 200);
    },
  );
}
