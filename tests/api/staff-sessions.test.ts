// Staff sessions: their own tokens, 15 idle minutes and 8 hours at most, logout, and never mixed
// with students' sessions in either direction.
import { describe, expect, it } from 'vitest';
import { StaffSchema } from '#features/staff/schemas.ts';
import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS } from '#features/staff/server/sessions.ts';
import { get, readData, send } from './support/test-app.ts';
import { signUpStudent } from './support/factories.ts';
import { useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const START = '2026-11-23T09:00:00Z';
const t = useTestApp({ startAt: START });

describe('staff sessions', () => {
  it('GET staff/me answers the signed-in member, no-store, and nothing secret', async () => {
    const { token, staff } = await seedStaff(t, { role: 'admin', name: 'Funke Adeyemi' });
    const response = await get(t.app, 'staff/me', { token });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const me = await readData(response, StaffSchema);
    expect(me).toEqual({ id: staff.id, email: staff.email, name: 'Funke Adeyemi', role: 'admin' });
  });

  it('answers 401 without a token and with a student token; a staff token is 401 on student calls', async () => {
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t);
    const none = await get(t.app, 'staff/me');
    expect(none.status).toBe(401);
    expect(none.headers.get('cache-control')).toBe('no-store');
    expect((await get(t.app, 'staff/me', { token: student.token })).status).toBe(401);
    expect((await send(t.app, 'staff/auth/logout', undefined, { token: student.token })).status).toBe(401);
    expect((await get(t.app, 'user/student/profile', { token })).status).toBe(401);
    expect((await get(t.app, 'user/student/courses', { token })).status).toBe(401);
    // Both tokens still work where they belong.
    expect((await get(t.app, 'user/student/profile', { token: student.token })).status).toBe(200);
    expect((await get(t.app, 'staff/me', { token })).status).toBe(200);
  });

  it('ends 15 minutes after the last call, each call restarting that clock', async () => {
    const { token } = await seedStaff(t);
    t.clock.advance(STAFF_SESSION_IDLE_MS - 1000);
    expect((await get(t.app, 'staff/me', { token })).status).toBe(200);
    t.clock.advance(STAFF_SESSION_IDLE_MS - 1000);
    expect((await get(t.app, 'staff/me', { token })).status).toBe(200);
    t.clock.advance(STAFF_SESSION_IDLE_MS);
    expect((await get(t.app, 'staff/me', { token })).status).toBe(401);
  });

  it('ends 8 hours after sign-in however busy it is', async () => {
    const { token } = await seedStaff(t);
    for (let elapsed = 10 * 60_000; elapsed < STAFF_SESSION_MAX_MS; elapsed += 10 * 60_000) {
      t.clock.set(new Date(new Date(START).getTime() + elapsed));
      expect((await get(t.app, 'staff/me', { token })).status, `after ${elapsed / 60_000} minutes`).toBe(200);
    }
    t.clock.set(new Date(new Date(START).getTime() + STAFF_SESSION_MAX_MS));
    expect((await get(t.app, 'staff/me', { token })).status).toBe(401);
  });

  it('logout ends that session only', async () => {
    const first = await seedStaff(t);
    const other = await seedStaff(t);
    expect((await send(t.app, 'staff/auth/logout', undefined, { token: first.token })).status).toBe(200);
    expect((await get(t.app, 'staff/me', { token: first.token })).status).toBe(401);
    expect((await get(t.app, 'staff/me', { token: other.token })).status).toBe(200);
  });
});
