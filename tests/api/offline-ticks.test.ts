// Ticks sent late from a phone that was offline (docs/product.md#dashboard-routes, issue 20): a tick
// carries the time it was made (`at`), and per material the latest time wins whatever order two
// devices' ticks arrive in; a time ahead of the server's clock counts as now; a time that is not an
// instant is refused. With an Idempotency-Key a tick is done once however often it is sent, in
// sequence or in parallel, and every repeat gets the first answer; the key is the student's own.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MaterialProgressSchema, MyCoursesSchema } from '#features/learning/schemas.ts';
import { TICK_TIME_INVALID } from '#features/learning/server/input-schemas.ts';
import { idempotencyKeys, materialProgress, rateLimitBuckets } from '#server/db/schema.ts';
import { IDEMPOTENCY_KEYS_KEPT_MS, KEY_INVALID, KEY_REUSED, pruneIdempotencyKeys } from '#server/http/idempotency.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { buildTestApp, get, readData, readJson, send, useTestApp } from './support/test-app.ts';

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

  it('reads an offset of hours alone (+01) as the same instant as +01:00, never a 500', async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    const hours = await tick(token, { completed: true, at: '2026-11-26T09:30:00+01' });
    expect(hours.status).toBe(200);
    expect(((await readJson(hours)).data as { changed_at: string }).changed_at).toBe('2026-11-26T08:30:00.000Z');
    const minutes = await tick(token, { completed: false, at: '2026-11-26T10:30:00-0100' }, 'm3');
    expect(((await readJson(minutes)).data as { changed_at: string }).changed_at).toBe('2026-11-26T11:30:00.000Z');
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

describe('a tick sent again with its Idempotency-Key', () => {
  const once = (token: string, key: string, body: Tick = { completed: true }, material = 'm1') =>
    tick(token, body, material, { 'Idempotency-Key': key });

  async function expectSameAnswers(answers: Response[]) {
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(bodies).size, bodies.join('\n')).toBe(1);
    return JSON.parse(bodies[0]!) as { message: string; data: unknown };
  }

  it('is done once when sent 5 times in a row; each repeat gets the first answer, even after a later change', async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    const answers: Response[] = [];
    for (let sent = 0; sent < 5; sent++) {
      answers.push(await once(token, 'tick-1'));
      // Without the key, each would be a new tick at a new time.
      t.clock.advance(60_000);
    }
    const first = await expectSameAnswers(answers);
    expect(first).toEqual({ message: 'Progress saved.', data: { completed: true, progress: 25, changed_at: NOW.toISOString() } });
    const [row] = await t.db.select().from(materialProgress);
    expect(row).toMatchObject({ completedAt: NOW, changedAt: NOW });

    // Unticked since (another key): a late repeat of the tick still answers the first answer and ticks nothing.
    await tick(token, { completed: false }, 'm1', { 'Idempotency-Key': 'untick-1' });
    const late = await once(token, 'tick-1');
    expect(await late.json()).toEqual(first);
    expect(await myCourse(token)).toMatchObject({ progress: 0 });
  });

  it('is done once when 5 copies arrive at the same time', async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    await saved(token, { completed: true, at: minutesAgo(30) }, 'm2');
    // A server whose clock moves on at every reading: each copy done on its own would save another time.
    let readings = 0;
    const { app } = buildTestApp(t.db, { clock: () => new Date(NOW.getTime() + readings++) });
    const copy = () =>
      send(
        app,
        'user/student/courses/course-02/materials/m2',
        { completed: false },
        {
          method: 'PUT',
          token,
          headers: { 'Idempotency-Key': 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' },
        },
      );
    const first = await expectSameAnswers(await Promise.all(Array.from({ length: 5 }, copy)));
    expect(first.data).toMatchObject({ completed: false, progress: 0 });
    const [row] = await t.db.select().from(materialProgress);
    expect(row!.changedAt.toISOString()).toBe((first.data as { changed_at: string }).changed_at);
    expect(await t.db.select().from(idempotencyKeys)).toHaveLength(1);
    // Five more, in parallel again, once the first is long done: the same answer still.
    expect(await expectSameAnswers(await Promise.all(Array.from({ length: 5 }, copy)))).toEqual(first);
  });

  it('refuses the same key for another request (422) and changes nothing', async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    const at = minutesAgo(5);
    expect((await once(token, 'k', { completed: true, at })).status).toBe(200);
    for (const [body, material] of [
      [{ completed: false, at }, 'm1'],
      [{ completed: true, at: minutesAgo(4) }, 'm1'],
      [{ completed: true }, 'm1'],
      [{ completed: true, at }, 'm2'],
    ] as const) {
      const refused = await once(token, 'k', body, material);
      expect(refused.status, JSON.stringify([body, material])).toBe(422);
      expect(await readJson(refused)).toEqual({ message: KEY_REUSED });
    }
    // Another course's material with the same key: the student is enrolled there too.
    await enrolStudent(t, token, 'course-03');
    const elsewhere = await send(
      t.app,
      'user/student/courses/course-03/materials/m1',
      { completed: true, at },
      {
        method: 'PUT',
        token,
        headers: { 'Idempotency-Key': 'k' },
      },
    );
    expect(elsewhere.status).toBe(422);
    // The same instant written another way is the same request.
    expect((await once(token, 'k', { completed: true, at: at.replace('Z', '+00:00') })).status).toBe(200);
    expect((await t.db.select().from(materialProgress)).map((row) => [row.materialId, row.completedAt?.toISOString()])).toEqual([
      ['m1', at],
    ]);
  });

  it("is each student's own: another student's same key is another tick", async () => {
    await seedCatalogue(t.db);
    const first = await enrolledStudent();
    const second = await enrolledStudent();
    expect((await once(first.token, 'same', { completed: true }, 'm1')).status).toBe(200);
    const other = await readData(await once(second.token, 'same', { completed: true, at: minutesAgo(3) }, 'm2'), MaterialProgressSchema);
    expect(other).toEqual({ completed: true, progress: 25, changed_at: minutesAgo(3) });
    expect(await myCourse(first.token)).toMatchObject({ progress: 25, next_material_id: 'm2' });
    expect(await myCourse(second.token)).toMatchObject({ progress: 25, next_material_id: 'm1' });
  });

  it("refuses a key that is not 1 to 64 letters, digits, - or _ (400), and leaves a refused request's key unused", async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    for (const key of ['', ' ', 'a'.repeat(65), 'tick 1', 'tick.1', 'tick/1', 'é']) {
      const refused = await once(token, key);
      expect(refused.status, JSON.stringify(key)).toBe(400);
      expect(await readJson(refused), JSON.stringify(key)).toEqual({ message: KEY_INVALID, errors: { 'Idempotency-Key': [KEY_INVALID] } });
    }
    expect((await once(token, 'a'.repeat(64))).status).toBe(200);
    // A refused body or an unknown material does not use the key up.
    expect((await once(token, 'retry', { completed: 'yes' })).status).toBe(400);
    expect((await once(token, 'retry', { completed: true }, 'm9')).status).toBe(404);
    expect((await once(token, 'retry', { completed: true }, 'm3')).status).toBe(200);
    expect(await myCourse(token)).toMatchObject({ progress: 50 });
  });

  it('is kept 7 days, then pruned, and a new tick may use it again', async () => {
    await seedCatalogue(t.db);
    const { id, token } = await enrolledStudent();
    await once(token, 'old', { completed: true });
    expect(await pruneIdempotencyKeys(t.db, new Date(NOW.getTime() + IDEMPOTENCY_KEYS_KEPT_MS))).toBe(0);
    expect(await pruneIdempotencyKeys(t.db, new Date(NOW.getTime() + IDEMPOTENCY_KEYS_KEPT_MS + 1))).toBe(1);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.studentId, id))).toEqual([]);
    expect((await once(token, 'old', { completed: false })).status).toBe(200);
  });
});

describe('how many ticks a student may send', () => {
  const keyed = (token: string, i: number) =>
    tick(token, { completed: i % 2 === 0, at: minutesAgo(60 - i / 10) }, `m${(i % 4) + 1}`, { 'idempotency-key': `tick-${i}` });

  it('takes a queue of 50 sent at once, then 300 in 10 minutes per student, then 429 with Retry-After; another student is not held', async () => {
    await seedCatalogue(t.db);
    const { token } = await enrolledStudent();
    // A phone back online replays its queue in a burst.
    const queue = await Promise.all(Array.from({ length: 50 }, (_, i) => keyed(token, i)));
    expect(queue.map((answer) => answer.status)).toEqual(Array<number>(50).fill(200));
    const rest: number[] = [];
    for (let i = 50; i < 300; i++) rest.push((await keyed(token, i)).status);
    expect(rest).toEqual(Array<number>(250).fill(200));

    const refused = await keyed(token, 300);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect((await readJson(refused)).message).toMatch(/^Too many requests, please try again in \d+ (second|seconds)\.$/);
    // Refused before anything was kept: no row for its key.
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'tick-300'))).toEqual([]);

    const other = await enrolledStudent();
    expect((await keyed(other.token, 0)).status).toBe(200);
    // The next window takes ticks again.
    t.clock.advance(10 * 60_000);
    expect((await keyed(token, 301)).status).toBe(200);
  }, 120_000);

  it('takes at most 2000 in 24 hours per student', async () => {
    await seedCatalogue(t.db);
    const { token, id } = await enrolledStudent();
    // 2000 ticks counted in a day that ends in 5 minutes (their own test would take minutes): the
    // next is refused until it is over.
    await t.db
      .insert(rateLimitBuckets)
      .values({ key: `tick_day:student:${id}`, hits: 2000, resetsAt: new Date(NOW.getTime() + 5 * 60_000) });
    const refused = await keyed(token, 0);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('300');
    t.clock.advance(5 * 60_000);
    expect((await keyed(token, 1)).status).toBe(200);
  });
});
