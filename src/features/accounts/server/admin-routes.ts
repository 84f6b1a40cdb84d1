// The operator's door for `npm run admin -- deactivate|activate <email>`. With the embedded
// database only the server may open it, so the command asks the server. Two locks: the request must
// come from this machine's loopback without passing through a proxy, and it must carry the secret
// the server wrote to DATA_DIR (0600) at start, compared in constant time. A reverse proxy on the
// same machine makes every request loopback; it cannot read the secret.
import { Hono } from 'hono';
import * as v from 'valibot';
import { EmailSchema } from '#lib/schemas/fields.ts';
import { sameSecret } from '#server/auth/tokens.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { setStudentActive } from './students.ts';

export const ADMIN_SECRET_HEADER = 'x-admin-secret';
export const ADMIN_FORBIDDEN = 'Forbidden';
export const NO_SUCH_ACCOUNT = 'No account uses this email address';

export const StudentStatusSchema = v.strictObject({ email: EmailSchema, active: v.boolean('active must be true or false') });
const StudentStatusDataSchema = v.object({ email: v.string(), active: v.boolean() });

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Mounted at /admin. */
export function createAdminRoutes(services: ApiServices) {
  return new Hono<ApiEnv>().post(
    '/students/status',
    describeJsonRoute({
      tag: 'Admin',
      summary: 'Deactivate or reactivate an account (internal: the admin command, from this machine only)',
      description: `Loopback only, not through a proxy, with the secret of DATA_DIR/admin-secret in ${ADMIN_SECRET_HEADER}. Deactivation ends every session of the account.`,
      body: StudentStatusSchema,
      success: { data: StudentStatusDataSchema },
      errors: { 403: ADMIN_FORBIDDEN, 404: NO_SUCH_ACCOUNT },
    }),
    async (c) => {
      const address = c.env?.incoming?.socket?.remoteAddress ?? '';
      const forwarded = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
      if (!LOOPBACK.test(address) || forwarded || !sameSecret(c.req.header(ADMIN_SECRET_HEADER) ?? '', services.adminSecret))
        throw new ApiError(403, ADMIN_FORBIDDEN);
      const { email, active } = await readJsonBody(c, StudentStatusSchema);
      if (!(await setStudentActive(services.db, email, active, services.clock()))) throw new ApiError(404, NO_SUCH_ACCOUNT);
      const message = active ? `${email} can log in again.` : `${email} is deactivated and signed out everywhere.`;
      return c.json({ message, data: { email, active } }, 200);
    },
  );
}
