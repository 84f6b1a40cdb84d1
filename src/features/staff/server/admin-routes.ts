// The operator's door for `npm run admin -- invite-staff`, behind the admin lock (loopback, the
// server's secret): how the first admin of a fresh install is made.
import { Hono } from 'hono';
import * as v from 'valibot';
import { ADMIN_FORBIDDEN, ADMIN_ONLY, requireAdmin as requireAdminCommand } from '#server/auth/admin-guard.ts';
import type { ApiServices } from '#server/deps.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { StaffInvitationSchema } from '../schemas.ts';
import { EXAMPLE_INVITATION_TOKEN, EXAMPLE_STAFF } from './examples.ts';
import { ALREADY_STAFF, inviteStaff } from './invite.ts';
import { COMMAND_IP } from './audit.ts';

const InvitationDataSchema = v.object({ email: v.string(), role: v.string(), link: v.string() });

/** Mounted at /admin. */
export function createStaffAdminRoutes(services: ApiServices) {
  return new Hono<ApiEnv>().post(
    '/staff/invitations',
    describeJsonRoute({
      tag: 'Admin',
      signature: 'adminSecret',
      summary: 'Invite a member of staff (internal: the admin command, from this machine only)',
      description: `${ADMIN_ONLY} Mails the invitation link (72 hours, one use) and answers it to print. 409 \`${ALREADY_STAFF}\`.`,
      examples: {
        body: { email: EXAMPLE_STAFF.email, role: 'admin', name: EXAMPLE_STAFF.name },
        data: {
          email: EXAMPLE_STAFF.email,
          role: 'admin',
          link: `https://adireacademy.ng/staff/welcome?token=${EXAMPLE_INVITATION_TOKEN}`,
        },
        message: 'Invitation mailed to funke@adireacademy.ng.',
      },
      body: StaffInvitationSchema,
      success: { status: 201, data: InvitationDataSchema },
      errors: { 403: ADMIN_FORBIDDEN, 409: ALREADY_STAFF },
    }),
    requireAdminCommand(services),
    async (c) => {
      const input = await readJsonBody(c, StaffInvitationSchema);
      const link = await inviteStaff(services, input, { actor: null, ip: COMMAND_IP });
      return c.json({ message: `Invitation mailed to ${input.email}.`, data: { email: input.email, role: input.role, link } }, 201);
    },
  );
}
