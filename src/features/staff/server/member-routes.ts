// An admin's management of the staff and the audit log (an extension of the staff calls in
// docs/product.md): list the members, change a role, remove a member, read the log. Each change is
// an audit entry written in the change's own transaction.
import { Hono } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { validateInput } from '#server/http/validate.ts';
import {
  AuditPageSchema,
  AuditQuerySchema,
  ChangeRoleSchema,
  LAST_ADMIN,
  StaffMembersPageSchema,
  StaffPagingQuerySchema,
  StaffSchema,
} from '../schemas.ts';
import { auditActor, recordAudit } from './audit.ts';
import { auditPage } from './audit-log.ts';
import { EXAMPLE_STAFF } from './examples.ts';
import { changeRole, listMembers, NO_SUCH_MEMBER, removeMember } from './members.ts';
import { requireAdmin, type StaffEnv } from './require-staff.ts';
import { toStaff } from './staff.ts';

const EXAMPLE_MEMBER = { ...EXAMPLE_STAFF, created_at: '2026-11-26T08:15:00.000Z' };

/** Mounted at /staff. */
export function createStaffMemberRoutes(services: ApiServices) {
  const { db } = services;
  const admin = requireAdmin(services);
  return new Hono<StaffEnv>()
    .get(
      '/members',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: 'The members of staff, oldest first',
        examples: { data: { members: [EXAMPLE_MEMBER], total_pages: 1, total_count: 1 } },
        query: StaffPagingQuerySchema,
        success: { message: 'OK', data: StaffMembersPageSchema },
      }),
      admin,
      async (c) => {
        const query = validateInput(StaffPagingQuerySchema, c.req.query());
        const { rows, totalCount, totalPages } = await listMembers(db, query.page, query.per_page);
        const members = rows.map((row) => ({ ...toStaff(row), created_at: row.createdAt.toISOString() }));
        return c.json({ message: 'OK', data: { members, total_pages: totalPages, total_count: totalCount } }, 200);
      },
    )
    .patch(
      '/members/:id',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: "Change a member's role",
        description: `\`admin\` or \`staff\`. 409 \`${LAST_ADMIN}\` for demoting the only admin.`,
        examples: { body: { role: 'staff' }, data: { ...EXAMPLE_STAFF, role: 'staff' } },
        body: ChangeRoleSchema,
        success: { message: 'The role is changed.', data: StaffSchema },
        errors: { 404: NO_SUCH_MEMBER, 409: LAST_ADMIN },
      }),
      admin,
      async (c) => {
        const { role } = await readJsonBody(c, ChangeRoleSchema);
        const by = auditActor(c, services);
        const member = await changeRole(db, c.req.param('id'), role, (tx, before) =>
          recordAudit(tx, {
            ...by,
            action: 'staff.role',
            target: `staff:${before.id}`,
            details: { email: before.email, from: before.role, to: role },
          }),
        );
        return c.json({ message: 'The role is changed.', data: toStaff(member) }, 200);
      },
    )
    .delete(
      '/members/:id',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: 'Remove a member: their sessions end at once and they cannot sign in again',
        description: `The member stays in the audit log. 409 \`${LAST_ADMIN}\` for the only admin.`,
        success: { message: 'The member is removed.' },
        errors: { 404: NO_SUCH_MEMBER, 409: LAST_ADMIN },
      }),
      admin,
      async (c) => {
        const by = auditActor(c, services);
        await removeMember(db, c.req.param('id'), by.at, (tx, member) =>
          recordAudit(tx, {
            ...by,
            action: 'staff.remove',
            target: `staff:${member.id}`,
            details: { email: member.email, role: member.role },
          }),
        );
        return c.json({ message: 'The member is removed.', data: null }, 200);
      },
    )
    .get(
      '/audit',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'admin',
        summary: 'The audit log: every change made by staff, newest first',
        description:
          "`actor` is the acting member's e-mail address (`admin command` for the command line), `target` the record changed (`staff:<id>`, `student:<id>`, `payment:<reference>`, ...), `ip` the client address. Filter by `action` and `actor`. Read only: no call changes or deletes an entry.",
        examples: {
          data: {
            entries: [
              {
                id: '9e3f1c2a-4b5d-4e6f-8a7b-1c2d3e4f5a6b',
                at: '2026-11-26T10:04:00.000Z',
                actor: EXAMPLE_STAFF.email,
                action: 'staff.role',
                target: 'staff:2c4e6a8b-1d3f-4a5b-9c7d-0e1f2a3b4c5d',
                ip: '102.89.32.14',
                details: { email: 'tunde@adireacademy.ng', from: 'admin', to: 'staff' },
              },
            ],
            total_pages: 1,
            total_count: 1,
          },
        },
        query: AuditQuerySchema,
        success: { message: 'OK', data: AuditPageSchema },
      }),
      admin,
      async (c) => {
        const query = validateInput(AuditQuerySchema, c.req.query());
        return c.json({ message: 'OK', data: await auditPage(db, query) }, 200);
      },
    );
}
