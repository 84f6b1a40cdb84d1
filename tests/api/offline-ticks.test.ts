// Ticks sent late from a phone that was offline (docs/product.md#dashboard-routes, issue 20): a tick
// carries the time it was made (`at`), and per material the latest time wins whatever order two
// devices' ticks arrive in; a time ahead of the server's clock counts as now; a time that is not an
// instant is refused.
import { describe, expect, it } from 'vitest';
import { MaterialProgressSchema, MyCoursesSchema, TICK_TIME_INVALID } from '#features/learning/schemas.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { get, readData, readJson, send, useTestApp } from './support/test-app.ts';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const t = useTestApp({ startAt: NOW });

const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

interface Tick {
  completed: unknown;
  at?: unknown;
}

const tick = (token: string, body: Tick, material = 'm1', headers: Record<string, string> = {}) =>
  send(t.app, `user/student/courses/course-02/materials/${material}`, body, { method: 'PUT', token, headers });
const saved = async (token: string, body: Tick, material = 'm1') => readData(await tick(token, body, material), MaterialProgressSchema);
const myCourse = async (token: string) => (await readData(await get(t.app, 'user/student/courses', { token }), MyCoursesSchema))[0]!;

async function enrolledStudent() {
  const student = await signUpStudent(t);
  await enrolStudent(t, student.token);
  return student;
}

describe('a tick with its time', () => {
  it('is saved with the time the device gives, and without one at the time it arrives', async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    expect(await saved(token, { completed: true, at: minutesAgo(90) })).toEqual({
      completed: true,
      progress: 25,
      changed_at: minutesAgo(90),
    });
    expect(await myCourse(token)).toMatchObject({ progress: 25, last_activity_at: minutesAgo(90), next_material_id: 'm2' });
    expect(await saved(token, { completed: true }, 'm2')).toEqual({ completed: true, progress: 50, changed_at: NOW.toISOString() });
    // Another offset, the same instant.
    expect(await saved(token, { completed: false, at: '2026-11-26T12:30:00.000+01:00' }, 'm3')).toMatchObject({
      changed_at: minutesAgo(30),
    });
  });

  it('counts a time ahead of the server as now: device clocks drift', async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    expect(await saved(token, { completed: true, at: '2027-01-01T00:00:00Z' })).toEqual({
      completed: true,
      progress: 25,
      changed_at: NOW.toISOString(),
    });
    // So the phone whose clock ran ahead cannot hold the material against a real later untick.
    t.clock.advance(60_000);
    expect(await saved(token, { completed: false })).toEqual({ completed: false, progress: 0, changed_at: minutesAgo(-1) });
  });

  it('refuses a time that is not an instant, with the field message', async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    for (const at of [
      'now',
      '2026-11-26',
      '2026-11-26T10:00:00',
      '2026-02-30T10:00:00Z',
      '1899-12-31T23:59:59Z',
      1_795_000_000_000,
      null,
      '',
    ]) {
      const refused = await tick(token, { completed: true, at });
      expect(refused.status, String(at)).toBe(400);
      expect(await readJson(refused), String(at)).toEqual({ message: TICK_TIME_INVALID, errors: { at: [TICK_TIME_INVALID] } });
    }
    expect((await tick(token, { completed: true, at: minutesAgo(1), extra: 1 } as Tick)).status).toBe(400);
    expect(await myCourse(token)).toMatchObject({ progress: 0 });
  });
});

describe('two devices that disagree', () => {
  // [what arrives first, what arrives second, the state that stands]: the later time wins.
  const orders = [
    ['a tick at T2, then an untick at T1', { completed: true, at: minutesAgo(10) }, { completed: false, at: minutesAgo(20) }, true],
    ['an untick at T1, then a tick at T2', { completed: false, at: minutesAgo(20) }, { completed: true, at: minutesAgo(10) }, true],
    ['an untick at T2, then a tick at T1', { completed: false, at: minutesAgo(10) }, { completed: true, at: minutesAgo(20) }, false],
    ['a tick at T1, then an untick at T2', { completed: true, at: minutesAgo(20) }, { completed: false, at: minutesAgo(10) }, false],
  ] as const;

  for (const [name, first, second, stands] of orders)
    it(`end in the later one's state: ${name}`, async () => {
      await seedCatalogue(t.db);
      const { token } = await enrolledStudent();
      await saved(token, first);
      // The answer to the late one says what stands, and when it was decided.
      expect(await saved(token, second)).toEqual({ completed: stands, progress: stands ? 25 : 0, changed_at: minutesAgo(10) });
      const course = await myCourse(token);
      expect(course).toMatchObject({ progress: stands ? 25 : 0, next_material_id: stands ? 'm2' : 'm1' });
      expect(course.last_activity_at).toBe(stands ? minutesAgo(10) : null);
    });

  it('an untick kept as a row stops an earlier tick sent late from bringing the material back', async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    await saved(token, { completed: true, at: minutesAgo(30) });
    await saved(token, { completed: false, at: minutesAgo(5) });
    expect(await saved(token, { completed: true, at: minutesAgo(20) })).toEqual({
      completed: false,
      progress: 0,
      changed_at: minutesAgo(5),
    });
    // Ticking again keeps the first completion time; a later tick after an untick starts a new one.
    await saved(token, { completed: true, at: minutesAgo(4) });
    await saved(token, { completed: true, at: minutesAgo(2) });
    expect(await myCourse(token)).toMatchObject({ progress: 25, last_activity_at: minutesAgo(4) });
  });
});
