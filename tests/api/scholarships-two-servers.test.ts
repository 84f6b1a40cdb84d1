// Scholarship seats and codes exactly once across processes: two real server processes share one
// PostgreSQL database, 25 students with codes of their own reach both at once for a scholarship's
// last seat, and two students reach them with one code. The scholarship's row lock is PostgreSQL's,
// so it holds between processes as within one. PostgreSQL only; scripts/checks/test-postgres.sh runs it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { count, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_USED, NO_SEATS_LEFT } from '#lib/schemas/scholarships.ts';
import { createSession } from '#server/auth/sessions.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { enrolments, scholarshipCodes, students } from '#server/db/schema.ts';
import { seedStaff } from '../support/staff.ts';
import { siteWithCatalogue, startServerProcess, stopAll } from './support/server-process.ts';
import { emptyDatabaseTarget } from './support/test-database.ts';

const RACERS = 25;

describe.skipIf(!process.env.DATABASE_URL)('scholarships on two server processes sharing PostgreSQL', () => {
  const servers: { child: ChildProcess }[] = [];
  const drops: (() => Promise<void>)[] = [];
  let database: DatabaseHandle | undefined;
  afterAll(async () => {
    await database?.close();
    await stopAll(servers, drops);
  });

  /** Students with KYC done (in Lagos, born 2001) and a live session each, written straight into the database. */
  async function students_(db: DatabaseHandle['db'], n: number, tag: string) {
    const now = new Date();
    const rows = await db
      .insert(students)
      .values(
        Array.from({ length: n }, (_, i) => ({
          firstName: 'Racer',
          lastName: `${tag}${i}`,
          email: `racer-${tag}-${i}@example.com`,
          passwordHash: 'not-used',
          verifiedAt: now,
          gender: 'female' as const,
          dateOfBirth: '2001-04-17',
          state: 'Lagos',
          country: 'Nigeria',
          kycCompletedAt: now,
        })),
      )
      .returning({ id: students.id });
    return Promise.all(rows.map(async (row) => ({ id: row.id, token: await createSession(db, row.id, now) })));
  }

  it(`${RACERS} students on two processes race for the last seat; two race for one code: one wins each`, async () => {
    const target = await emptyDatabaseTarget();
    drops.push(() => target.drop());
    const url = target.options.databaseUrl!;
    const dist = siteWithCatalogue();
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const [a, b] = await Promise.all([startServerProcess(url, dist, dataDir), startServerProcess(url, dist, dataDir)]);
    servers.push(a, b);
    database = await openDatabase({ databaseUrl: url });
    const { db } = database;
    const { token: admin } = await seedStaff({ db, clock: { now: () => new Date() } }, { role: 'admin' });

    const call = async (origin: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${origin}/api/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as { message: string; data: Record<string, unknown> } };
    };
    const scholarshipWith = async (seats: number, codes: number) => {
      const body = { name: 'LSETF Fashion Skills 2027', partner: 'lsetf', course_ids: ['course-02'], discount_percent: 100, seats };
      const made = await call(a.origin, 'staff/scholarships', admin, { ...body, starts_at: '2026-01-01', ends_at: '2030-12-31' });
      expect(made.status).toBe(201);
      const id = made.body.data.id as string;
      const issued = await call(b.origin, `staff/scholarships/${id}/codes`, admin, { count: codes });
      return { id, codes: issued.body.data.codes as string[] };
    };
    const outcome = (answer: { status: number; body: { message: string } }) =>
      answer.status === 201 ? 'won' : `${answer.status} ${answer.body.message}`;
    const tally = (outcomes: string[]) =>
      Object.fromEntries([...new Set(outcomes)].sort().map((k) => [k, outcomes.filter((o) => o === k).length]));

    // The last seat: 25 codes, one seat.
    const seat = await scholarshipWith(1, RACERS);
    const racers = await students_(db, RACERS, 'seat');
    const outcomes = await Promise.all(
      racers.map(async (racer, i) =>
        outcome(await call(i % 2 ? a.origin : b.origin, 'user/courses/course-02/checkout', racer.token, { code: seat.codes[i] })),
      ),
    );
    expect(tally(outcomes)).toEqual({ won: 1, [`400 ${NO_SEATS_LEFT}`]: RACERS - 1 });

    // One code, two students, one on each process.
    const shared = await scholarshipWith(5, 1);
    const pair = await students_(db, 2, 'code');
    const pairOutcomes = await Promise.all(
      pair.map(async (student, i) =>
        outcome(await call(i ? a.origin : b.origin, 'user/courses/course-02/checkout', student.token, { code: shared.codes[0] })),
      ),
    );
    expect(tally(pairOutcomes)).toEqual({ won: 1, [`400 ${CODE_USED}`]: 1 });

    const [seated] = await db.select({ n: count() }).from(enrolments);
    const used = await db.select({ id: scholarshipCodes.id }).from(scholarshipCodes).where(isNotNull(scholarshipCodes.usedAt));
    expect([seated!.n, used.length]).toEqual([2, 2]);
  }, 180_000);
});
