// An admin manages the staff: lists them, changes a role, removes a member (their sessions end at
// once). The college always keeps an admin. Members with the staff role get 403 on all of it, and
// every change is an audit entry that no call can alter.
import { describe, expect, it } from 'vitest';
import { AuditPageSchema, StaffMembersPageSchema, StaffSchema } from '#features/staff/schemas.ts';
import { get, readData, readJson, send, useTestApp } from './support/test-app.ts';
import { signUpStudent } from './support/factories.ts';
import { seedStaff, STAFF_PASSWORD } from '../support/staff.ts';
import { enrolStaff } from './support/staff-flow.ts';

const t = useTestApp({ startAt: '2026-11-26T08:00:00Z' });

const patch = (id: string, body: unknown, token: string) => send(t.app, `staff/members/${id}`, body, { method: 'PATCH', token });
const remove = (id: string, token: string) => send(t.app, `staff/members/${id}`, undefined, { method: 'DELETE', token, contentType: null });
const NOT_PERMITTED = { message: 'You do not have permission to do this.' };
const LAST_ADMIN = { message: 'The college must keep at least one admin.' };

describe('staff members (admin)', () => {
  it('lists the live members, oldest first, paged', async () => {
    const admin = await seedStaff(t, { role: 'admin', email: 'ada@adireacademy.ng' });
    t.clock.advance(1000);
    const member = await seedStaff(t, { email: 'bola@adireacademy.ng', name: 'Bola Ige' });
    const page = await readData(await get(t.app, 'staff/members?per_page=1&page=2', { token: admin.token }), StaffMembersPageSchema);
    expect(page).toEqual({
      members: [
        { id: member.staff.id, email: 'bola@adireacademy.ng', name: 'Bola Ige', role: 'staff', created_at: '2026-11-26T08:00:01.000Z' },
      ],
      total_pages: 2,
      total_count: 2,
    });
    expect(JSON.stringify(page)).not.toMatch(/totp|password|hash/i);
    expect((await get(t.app, 'staff/members?per_page=101', { token: admin.token })).status).toBe(400);
  });

  it('refuses members with the staff role (403) and students (401) on every admin call', async () => {
    const member = await seedStaff(t);
    const admin = await seedStaff(t, { role: 'admin' });
    const student = await signUpStudent(t);
    const calls = (token: string) => [
      get(t.app, 'staff/members', { token }),
      patch(admin.staff.id, { role: 'staff' }, token),
      remove(admin.staff.id, token),
      get(t.app, 'staff/audit', { token }),
    ];
    for (const answer of await Promise.all(calls(member.token))) {
      expect(answer.status).toBe(403);
      expect(await readJson(answer)).toEqual(NOT_PERMITTED);
    }
    for (const answer of await Promise.all(calls(student.token))) expect(answer.status).toBe(401);
    expect(await readData(await get(t.app, 'staff/me', { token: admin.token }), StaffSchema)).toMatchObject({ role: 'admin' });
  });

  it("changes a member's role, which takes effect on their next call", async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    const member = await seedStaff(t);
    expect((await get(t.app, 'staff/members', { token: member.token })).status).toBe(403);
    const changed = await readData(await patch(member.staff.id, { role: 'admin' }, admin.token), StaffSchema);
    expect(changed.role).toBe('admin');
    expect((await get(t.app, 'staff/members', { token: member.token })).status).toBe(200);
    expect((await patch(member.staff.id, { role: 'owner' }, admin.token)).status).toBe(400);
    expect((await patch(member.staff.id, { role: 'staff', extra: 1 }, admin.token)).status).toBe(400);
  });

  it('removes a member: their session ends at once and they cannot sign in again', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    const member = await seedStaff(t, { email: 'kunle@adireacademy.ng' });
    expect((await remove(member.staff.id, admin.token)).status).toBe(200);
    expect((await get(t.app, 'staff/me', { token: member.token })).status).toBe(401);
    expect((await send(t.app, 'staff/auth/login', { email: 'kunle@adireacademy.ng', password: STAFF_PASSWORD })).status).toBe(401);
    const { members } = await readData(await get(t.app, 'staff/members', { token: admin.token }), StaffMembersPageSchema);
    expect(members.map((entry) => entry.id)).toEqual([admin.staff.id]);
    // Gone is gone: a second removal or a role change finds nobody.
    expect((await remove(member.staff.id, admin.token)).status).toBe(404);
    expect((await patch(member.staff.id, { role: 'admin' }, admin.token)).status).toBe(404);
    expect((await remove('not-a-uuid', admin.token)).status).toBe(404);
  });

  it("a removed member's address can be invited again, as a new member", async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    const member = await seedStaff(t, { email: 'kunle@adireacademy.ng' });
    await remove(member.staff.id, admin.token);
    const again = await enrolStaff(t, 'kunle@adireacademy.ng');
    expect(again.staff.id).not.toBe(member.staff.id);
    expect((await get(t.app, 'staff/me', { token: again.token })).status).toBe(200);
  });

  it('never demotes or removes the last admin, itself included', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    const demote = await patch(admin.staff.id, { role: 'staff' }, admin.token);
    expect(demote.status).toBe(409);
    expect(await readJson(demote)).toEqual(LAST_ADMIN);
    expect(await readJson(await remove(admin.staff.id, admin.token))).toEqual(LAST_ADMIN);
    // With a second admin, one may step down, and then the other is the last.
    const second = await seedStaff(t, { role: 'admin' });
    expect((await patch(admin.staff.id, { role: 'staff' }, admin.token)).status).toBe(200);
    expect((await remove(second.staff.id, second.token)).status).toBe(409);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const a = await seedStaff(t, { role: 'admin' });
    const b = await seedStaff(t, { role: 'admin' });
    const answers = await Promise.all([patch(b.staff.id, { role: 'staff' }, a.token), patch(a.staff.id, { role: 'staff' }, b.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const { members } = await readData(
      await get(t.app, 'staff/members', { token: answers[0].status === 200 ? a.token : b.token }),
      StaffMembersPageSchema,
    );
    expect(members.filter((member) => member.role === 'admin')).toHaveLength(1);
  });

  it('two admins removing each other at once leave one admin', async () => {
    const a = await seedStaff(t, { role: 'admin' });
    const b = await seedStaff(t, { role: 'admin' });
    const answers = await Promise.all([remove(b.staff.id, a.token), remove(a.staff.id, b.token)]);
    // The one removed first has no session left for its own call (401), or the rule stops it (409).
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const survivor = answers[0].status === 200 ? a : b;
    const { members } = await readData(await get(t.app, 'staff/members', { token: survivor.token }), StaffMembersPageSchema);
    expect(members.map((member) => member.role)).toEqual(['admin']);
  });
});

describe('the audit log', () => {
  it('records each change with who, what, which record, when and from where; newest first, filtered, paged', async () => {
    const admin = await seedStaff(t, { role: 'admin', email: 'ada@adireacademy.ng' });
    const member = await seedStaff(t, { email: 'bola@adireacademy.ng' });
    const other = await seedStaff(t, { email: 'chika@adireacademy.ng' });
    await send(t.app, `staff/members/${member.staff.id}`, { role: 'admin' }, { method: 'PATCH', token: admin.token, ip: '102.89.32.14' });
    t.clock.advance(60_000);
    await send(t.app, `staff/members/${other.staff.id}`, undefined, {
      method: 'DELETE',
      token: admin.token,
      contentType: null,
      ip: '102.89.32.14',
    });

    const page = await readData(await get(t.app, 'staff/audit', { token: admin.token }), AuditPageSchema);
    expect(page.total_count).toBe(2);
    expect(page.entries.map(({ id: _id, ...entry }) => entry)).toEqual([
      {
        at: '2026-11-26T08:01:00.000Z',
        actor: 'ada@adireacademy.ng',
        action: 'staff.remove',
        target: `staff:${other.staff.id}`,
        ip: '102.89.32.14',
        details: { email: 'chika@adireacademy.ng', role: 'staff' },
      },
      {
        at: '2026-11-26T08:00:00.000Z',
        actor: 'ada@adireacademy.ng',
        action: 'staff.role',
        target: `staff:${member.staff.id}`,
        ip: '102.89.32.14',
        details: { email: 'bola@adireacademy.ng', from: 'staff', to: 'admin' },
      },
    ]);
    const roles = await readData(await get(t.app, 'staff/audit?action=staff.role', { token: admin.token }), AuditPageSchema);
    expect(roles.entries.map((entry) => entry.action)).toEqual(['staff.role']);
    const byActor = await readData(
      await get(t.app, 'staff/audit?actor=ADA@adireacademy.ng&per_page=1&page=2', { token: admin.token }),
      AuditPageSchema,
    );
    expect(byActor).toMatchObject({ total_count: 2, total_pages: 2, entries: [{ action: 'staff.role' }] });
    const nobody = await readData(await get(t.app, 'staff/audit?actor=zed@adireacademy.ng', { token: admin.token }), AuditPageSchema);
    expect(nobody).toEqual({ entries: [], total_count: 0, total_pages: 0 });
  });

  it('cannot be changed or emptied through the API', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await send(t.app, 'staff/audit', {}, { method, token: admin.token });
      expect(answer.status, method).toBe(405);
    }
  });
});
