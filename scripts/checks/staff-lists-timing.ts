// node scripts/checks/staff-lists-timing.ts: whether the staff console's lists hold up with 50,000
// students and 100,000 payments (docs/product.md, 'Staff operations': each under 100 ms at p95).
// Seeds that many rows, each table in one `insert ... select generate_series`, into a database of its
// own (a new database on DATABASE_URL's PostgreSQL, dropped after; without it, PGlite in memory),
// then calls each list and search through the API as the server builds it, 30 times each, and
// prints the median and p95 of each with the plan's indexes. Exits 1 when a p95 is 100 ms or more.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createStaffSession } from '#features/staff/server/sessions.ts';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { staffMembers } from '#server/db/schema.ts';
import { readEnv } from '#server/env.ts';
import type { Mailer } from '#server/mail/mailer.ts';

const STUDENTS = Number(process.env.STUDENTS ?? 50_000);
const PAYMENTS = Number(process.env.PAYMENTS ?? 100_000);
const ROUNDS = 30;
const LIMIT_MS = 100;

const serverUrl = process.env.DATABASE_URL;
const name = `staff_timing_${randomBytes(4).toString('hex')}`;
async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
let databaseUrl: string | undefined;
if (serverUrl) {
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}

const mailer: Mailer = { send: () => Promise.resolve(), close() {} };
const quiet = { info() {}, error() {} };
const handle = await openDatabase(databaseUrl ? { databaseUrl } : {});
let failed = false;
try {
  const { db } = handle;
  // The seed runs without the server's statement timeout: it writes 100,000 rows at once.
  const seeder = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await seeder?.connect();
  const seed = async (statement: string) => {
    if (seeder) await seeder.query(statement);
    else await db.execute(sql.raw(statement));
  };
  const seedStart = performance.now();
  await seed(`insert into courses (id, title, description, summary, duration, study_mode, price_kobo, image_url, position)
    select 'course-' || n, 'Course ' || n, 'A course', '[]'::jsonb, '8 weeks', 'online', (50000 + n * 10000) * 100, '/images/c.webp', n
    from generate_series(1, 20) as n`);
  // Names, addresses and phones that differ in every position, as real ones do.
  await seed(`insert into students (first_name, last_name, email, password_hash, phone_number, verified_at, created_at, updated_at)
    select (array['Ngozi','Tunde','Amaka','Chinedu','Funke','Ibrahim','Zainab','Emeka','Bisi','Yusuf'])[1 + n % 10] || substr(md5(n::text), 1, 4),
           (array['Okafor','Bakare','Eze','Adeyemi','Bello','Musa','Obi','Nwosu','Lawal','Danjuma'])[1 + (n / 10) % 10] || substr(md5(n::text), 5, 4),
           'student' || n || '.' || substr(md5(n::text), 9, 6) || '@example.com',
           'x', '080' || lpad((n * 7919 % 100000000)::text, 8, '0'),
           now() - make_interval(mins => n), now() - make_interval(mins => n), now()
    from generate_series(1, ${STUDENTS}) as n`);
  await seed(`insert into payments (reference, student_id, course_id, amount_kobo, provider, status, needs_refund, created_at, updated_at, paid_at)
    select 'ADR-' || upper(substr(md5('p' || n), 1, 16)), s.id, 'course-' || (1 + n % 20), 7000000,
           'paystack', case when n % 5 < 3 then 'success' when n % 5 = 3 or n > ${STUDENTS} then 'failed' else 'pending' end,
           n % 997 = 0 and n % 5 < 3,
           now() - make_interval(mins => n), now(), case when n % 5 < 3 then now() - make_interval(mins => n) end
    from generate_series(1, ${PAYMENTS}) as n
    join (select id, row_number() over () as k from students) s on s.k = 1 + n % ${STUDENTS}`);
  await seed(`insert into enrolments (student_id, course_id, payment_id, enrolled_at)
    select distinct on (student_id, course_id) student_id, course_id, id, paid_at from payments where status = 'success' and not needs_refund`);
  await seed(`insert into contact_messages (kind, first_name, last_name, email, phone_number, message, created_at, status)
    select case when n % 3 = 0 then 'tutor_request' else 'contact' end, 'Ada', 'Obi', 'ada' || n || '@example.com', '08030000000', 'Hello',
           now() - make_interval(mins => n), (array['open','answered','closed'])[1 + n % 3]
    from generate_series(1, 5000) as n`);
  // As autovacuum leaves a live database: the visibility map lets counts read the indexes alone.
  await seed('vacuum analyze');
  await seeder?.end();
  const seedMs = performance.now() - seedStart;

  const [member] = await db
    .insert(staffMembers)
    .values({
      email: 'timing@adireacademy.ng',
      name: 'Timing',
      role: 'admin',
      passwordHash: 'x',
      totpSecret: 'x',
      mfaConfirmedAt: new Date(),
      createdAt: new Date(),
    })
    .returning();
  const token = await createStaffSession(db, member!.id, new Date());
  const app = createApp({ db, mailer, env: readEnv({ DATA_DIR: '/nonexistent-timing-data' }), log: quiet });

  const calls: [string, string][] = [
    ['summary', 'staff/summary'],
    ['students, page 1', 'staff/students'],
    ['students, page 100', 'staff/students?page=100&per_page=20'],
    ['search by name', 'staff/students?search=amaka3f'],
    ['search by surname part', 'staff/students?search=okafor'],
    ['search by e-mail', 'staff/students?search=student4242.'],
    ['search by phone', 'staff/students?search=0803141'],
    ['search, no match', 'staff/students?search=zzzzqq'],
    ['payments, page 1', 'staff/payments'],
    ['payments, page 200', 'staff/payments?page=200&per_page=20'],
    ['payments by status', 'staff/payments?status=failed'],
    ['payments by course', 'staff/payments?course_id=course-7'],
    ['payments needs_refund', 'staff/payments?status=needs_refund'],
    ['payments by status and course', 'staff/payments?status=success&course_id=course-3'],
    ['requests', 'staff/requests'],
    ['requests by kind and status', 'staff/requests?kind=tutor&status=open'],
  ];
  console.log(
    `Seeded ${STUDENTS} students, ${PAYMENTS} payments, 5000 requests on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} in ${(seedMs / 1000).toFixed(1)} s`,
  );
  console.log('call'.padEnd(34), 'median ms', '  p95 ms', ' rows');
  for (const [label, path] of calls) {
    const times: number[] = [];
    let rows = 0;
    for (let round = 0; round < ROUNDS + 2; round++) {
      const start = performance.now();
      const response = await app.request(`/api/v1/${path}`, {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '127.0.0.1' },
      });
      const body = (await response.json()) as { data: { total_count?: number } };
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
      rows = body.data.total_count ?? 0;
      if (round >= 2) times.push(performance.now() - start); // two warm-up calls
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
    if (p95 >= LIMIT_MS) failed = true;
    console.log(
      label.padEnd(34),
      times[Math.floor(times.length / 2)]!.toFixed(1).padStart(9),
      p95.toFixed(1).padStart(8),
      String(rows).padStart(6),
    );
  }
  for (const search of ['amaka3f', 'okafor', '0803141', 'student4242.']) {
    // node-postgres answers {rows}, PGlite the rows themselves.
    const plan: unknown = await db.execute(
      sql.raw(`explain select * from students where search_text like '%${search}%' order by created_at desc limit 20`),
    );
    type Line = { 'QUERY PLAN': string };
    const rows = Array.isArray(plan) ? (plan as Line[]) : ((plan as { rows?: Line[] }).rows ?? []);
    const used = rows.map((row) => /(students_\w+_idx)/.exec(row['QUERY PLAN'])?.[1]).filter(Boolean);
    console.log(`plan for '${search}':`, used.join(', ') || 'no index (a scan of search_text)');
  }
} finally {
  await handle.close();
  // KEEP=1 leaves the database for EXPLAIN.
  if (serverUrl && !process.env.KEEP) await onServer(`drop database if exists ${name} with (force)`);
  else if (serverUrl) console.log(`kept ${name}`);
}
if (failed) {
  console.error(`A list's p95 is ${LIMIT_MS} ms or more.`);
  process.exit(1);
}
