// Who paid for what, without opening the database: the admin route GET admin/enrolments (this
// machine and the server's secret only), `npm run admin -- enrolments` and the CSV it prints.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '#server/db/schema.ts';
import { lagosDate, toCsv, type EnrolmentRow } from '#features/payments/server/enrolment-report.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { runAdminAgainst } from './support/admin-command.ts';
import { signUpStudent } from './support/factories.ts';
import { emptyDatabaseTarget } from './support/test-database.ts';
import { authHeader, readJson, send, useTestApp } from './support/test-app.ts';

const SECRET = 'e'.repeat(64);
const HEADER = 'student,email,course,amount,reference,date,needs_refund';
// 23:45 in Lagos (UTC+1): the payments below fall on both sides of Lagos midnight.
const t = useTestApp({ adminSecret: SECRET, startAt: '2026-03-01T22:45:00Z' });

const row = (overrides: Partial<EnrolmentRow> = {}): EnrolmentRow => ({
  student: 'Ada Obi',
  email: 'ada@example.com',
  course: 'Adire Indigo Dyeing',
  amount: '80000.00',
  reference: 'ADR-ABCDEFGHIJKLMNOP',
  date: '2026-03-02',
  needs_refund: 'no',
  ...overrides,
});

describe('toCsv', () => {
  it('prints just the header when nobody has paid', () => {
    expect(toCsv([])).toBe(HEADER);
  });

  it('writes one record per row, CRLF between records, and leaves plain fields unquoted', () => {
    expect(toCsv([row(), row({ student: 'Chioma Eze', amount: '70000.00', course: 'Course number 2' })])).toBe(
      [
        HEADER,
        'Ada Obi,ada@example.com,Adire Indigo Dyeing,80000.00,ADR-ABCDEFGHIJKLMNOP,2026-03-02,no',
        'Chioma Eze,ada@example.com,Course number 2,70000.00,ADR-ABCDEFGHIJKLMNOP,2026-03-02,no',
      ].join('\r\n'),
    );
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    const csv = toCsv([row({ student: 'Ada "Adaeze" Obi, Jr', course: 'Line one\nline two', email: 'a"b@example.com' })]);
    expect(csv.split('\r\n')[1]).toBe(
      '"Ada ""Adaeze"" Obi, Jr","a""b@example.com","Line one\nline two",80000.00,ADR-ABCDEFGHIJKLMNOP,2026-03-02,no',
    );
    expect(
      toCsv([row({ course: 'Dyeing\r\nand weaving' })])
        .split('\r\n')
        .slice(1)
        .join('\r\n'),
    ).toBe('Ada Obi,ada@example.com,"Dyeing\r\nand weaving",80000.00,ADR-ABCDEFGHIJKLMNOP,2026-03-02,no');
  });

  it('puts an apostrophe before a field a spreadsheet would read as a formula (=, +, -, @, tab, CR)', () => {
    const REST = 'ada@example.com,Adire Indigo Dyeing,80000.00,ADR-ABCDEFGHIJKLMNOP,2026-03-02,no';
    const record = (student: string) => toCsv([row({ student })]).slice(HEADER.length + 2);
    expect(record('=SUM(A1:A9)')).toBe(`'=SUM(A1:A9),${REST}`);
    expect(record('+2348031234567')).toBe(`'+2348031234567,${REST}`);
    expect(record('-2+3')).toBe(`'-2+3,${REST}`);
    expect(record('@SUM(A1)')).toBe(`'@SUM(A1),${REST}`);
    expect(record('\tAda')).toBe(`'\tAda,${REST}`);
    expect(record('\rAda')).toBe(`"'\rAda",${REST}`);
    // Neutralised first, then quoted as any field with a comma and quotes.
    expect(record('=HYPERLINK("http://evil.example","Ada")')).toBe(`"'=HYPERLINK(""http://evil.example"",""Ada"")",${REST}`);
    // Only at the start: a hyphenated name is left as it is.
    expect(record('Ada Obi-Eze')).toBe(`Ada Obi-Eze,${REST}`);
    // Every field, not only the name.
    expect(toCsv([row({ course: '@Adire' })]).slice(HEADER.length + 2)).toBe(
      "Ada Obi,ada@example.com,'@Adire,80000.00,ADR-ABCDEFGHIJKLMNOP,2026-03-02,no",
    );
  });

  it('dates a payment by the day in Lagos (UTC+1)', () => {
    expect(lagosDate(new Date('2026-03-01T22:59:59Z'))).toBe('2026-03-01');
    expect(lagosDate(new Date('2026-03-01T23:00:00Z'))).toBe('2026-03-02');
    expect(lagosDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});

const as = (token: string) => ({ headers: authHeader(token) });

/** Checkout through the real route: the payment's reference. */
async function startPayment(token: string, course: string): Promise<string> {
  const answer = await send(t.app, `user/courses/${course}/checkout`, undefined, as(token));
  expect(answer.status).toBe(201);
  return ((await readJson(answer)).data as { reference: string }).reference;
}

/** The payer presses Pay (or Decline) on the test provider's page, then the checkout page verifies. */
async function finishPayment(token: string, reference: string, outcome: 'pay' | 'decline') {
  expect((await send(t.app, `user/test-payments/${reference}`, { outcome }, { token })).status).toBe(200);
  const verified = await send(t.app, `user/payments/${reference}/verify`, undefined, { method: 'GET', ...as(token) });
  expect((await readJson(verified)).data).toMatchObject({ status: outcome === 'pay' ? 'success' : 'failed' });
}

/**
 * Four students: Ada pays two courses, Chioma (whose name needs quoting) one, Tunde (whose name
 * looks like a formula) declines once and then pays, and Bola never finishes. Chioma starts after
 * Ada but pays first.
 */
async function seedPayments() {
  await seedCatalogue(t.db);
  const ada = await signUpStudent(t, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Obi' });
  const chioma = await signUpStudent(t, { email: 'chioma@example.com', first_name: 'Chioma', last_name: 'Eze, "CJ"' });
  const tunde = await signUpStudent(t, { email: 'tunde@example.com', first_name: '=Tunde', last_name: 'Bello' });
  const bola = await signUpStudent(t, { email: 'bola@example.com', first_name: 'Bola', last_name: 'Ade' });

  const adaFirst = await startPayment(ada.token, 'course-02');
  t.clock.set('2026-03-01T22:46:00Z');
  const chiomas = await startPayment(chioma.token, 'course-03');
  const tundeDeclined = await startPayment(tunde.token, 'course-02');
  await finishPayment(tunde.token, tundeDeclined, 'decline');
  await startPayment(bola.token, 'course-04');

  t.clock.set('2026-03-01T22:50:00Z'); // 23:50 in Lagos, 1 March
  await finishPayment(chioma.token, chiomas, 'pay');
  t.clock.set('2026-03-01T23:05:00Z'); // 00:05 in Lagos, 2 March
  await finishPayment(ada.token, adaFirst, 'pay');
  t.clock.set('2026-03-01T23:08:00Z');
  const adaSecond = await startPayment(ada.token, 'course-03');
  await finishPayment(ada.token, adaSecond, 'pay');
  t.clock.set('2026-03-01T23:12:00Z'); // within Tunde's 30 idle minutes
  const tundes = await startPayment(tunde.token, 'course-02');
  await finishPayment(tunde.token, tundes, 'pay');

  const rows: EnrolmentRow[] = [
    {
      student: 'Chioma Eze, "CJ"',
      email: 'chioma@example.com',
      course: 'Adire Indigo Dyeing',
      amount: '80000.00',
      reference: chiomas,
      date: '2026-03-01',
      needs_refund: 'no',
    },
    {
      student: 'Ada Obi',
      email: 'ada@example.com',
      course: 'Course number 2',
      amount: '70000.00',
      reference: adaFirst,
      date: '2026-03-02',
      needs_refund: 'no',
    },
    {
      student: 'Ada Obi',
      email: 'ada@example.com',
      course: 'Adire Indigo Dyeing',
      amount: '80000.00',
      reference: adaSecond,
      date: '2026-03-02',
      needs_refund: 'no',
    },
    {
      student: '=Tunde Bello',
      email: 'tunde@example.com',
      course: 'Course number 2',
      amount: '70000.00',
      reference: tundes,
      date: '2026-03-02',
      needs_refund: 'no',
    },
  ];
  return rows;
}

const listEnrolments = (options: { ip?: string; secret?: string; headers?: Record<string, string> } = {}) =>
  send(t.app, 'admin/enrolments', undefined, {
    method: 'GET',
    contentType: null,
    ip: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.secret === undefined ? { 'x-admin-secret': SECRET } : options.secret ? { 'x-admin-secret': options.secret } : {}),
      ...options.headers,
    },
  });

describe('GET admin/enrolments', () => {
  it('refuses a loopback request without the secret or with a wrong one, and any request from elsewhere or through a proxy', async () => {
    await seedPayments();
    const refusals = [
      await listEnrolments({ secret: '' }),
      await listEnrolments({ secret: 'f'.repeat(64) }),
      await listEnrolments({ secret: SECRET.slice(1) }),
      await listEnrolments({ ip: '203.0.113.9' }),
      await listEnrolments({ ip: '10.0.0.2' }),
      await listEnrolments({ headers: { 'x-forwarded-for': '203.0.113.9' } }),
      await listEnrolments({ headers: { forwarded: 'for=203.0.113.9' } }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(await readJson(refused)).toEqual({ message: 'Forbidden' });
    }
  });

  it('lists exactly the successful payments, oldest paid first, dated in Lagos, never cached', async () => {
    const rows = await seedPayments();
    const answer = await listEnrolments();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await readJson(answer)).toEqual({ message: 'Enrolments listed.', data: { rows } });
  });

  it('lists nothing before anyone has paid', async () => {
    await seedCatalogue(t.db);
    expect((await readJson(await listEnrolments())).data).toEqual({ rows: [] });
  });
});

describe('npm run admin -- enrolments', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'afa-admin-enrolments-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const run = (env: Record<string, string>, ...argv: string[]) => runAdminAgainst(t.app, argv, { DATA_DIR: dataDir, ...env });

  it('prints the CSV through the running server, quoted and safe for a spreadsheet', async () => {
    await writeFile(join(dataDir, 'admin-secret'), SECRET);
    const rows = await seedPayments();
    const [chiomas, adaFirst, adaSecond, tundes] = rows.map((paid) => paid.reference);
    expect(await run({}, 'enrolments')).toEqual({
      code: 0,
      out: [
        [
          HEADER,
          `"Chioma Eze, ""CJ""",chioma@example.com,Adire Indigo Dyeing,80000.00,${chiomas},2026-03-01,no`,
          `Ada Obi,ada@example.com,Course number 2,70000.00,${adaFirst},2026-03-02,no`,
          `Ada Obi,ada@example.com,Adire Indigo Dyeing,80000.00,${adaSecond},2026-03-02,no`,
          `'=Tunde Bello,tunde@example.com,Course number 2,70000.00,${tundes},2026-03-02,no`,
        ].join('\r\n'),
      ],
      err: [],
    });
  });

  it('prints the payments to refund, and only those, with refunds', async () => {
    await writeFile(join(dataDir, 'admin-secret'), SECRET);
    const rows = await seedPayments();
    expect(await run({}, 'refunds')).toEqual({ code: 0, out: [HEADER], err: [] });
    const adaSecond = rows[2]!.reference;
    await t.db.update(payments).set({ needsRefund: true }).where(eq(payments.reference, adaSecond));
    expect(await run({}, 'refunds')).toEqual({
      code: 0,
      out: [[HEADER, `Ada Obi,ada@example.com,Adire Indigo Dyeing,80000.00,${adaSecond},2026-03-02,yes`].join('\r\n')],
      err: [],
    });
    expect((await run({}, 'enrolments')).out[0]!.split('\r\n')).toHaveLength(5);
  });

  it('prints just the header when nobody has paid, and reports a refused secret', async () => {
    await writeFile(join(dataDir, 'admin-secret'), SECRET);
    expect(await run({}, 'enrolments')).toEqual({ code: 0, out: [HEADER], err: [] });
    await writeFile(join(dataDir, 'admin-secret'), 'c'.repeat(64));
    expect(await run({}, 'enrolments')).toEqual({ code: 1, out: [], err: ['Forbidden: nothing was listed.'] });
    expect(await run({}, 'enrolments', 'extra')).toEqual({ code: 2, out: [], err: ['Usage: npm run admin -- enrolments'] });
  });

  // Straight to PostgreSQL with DATABASE_URL (bash scripts/checks/test-postgres.sh); PGlite goes through the server.
  it.runIf(process.env.DATABASE_URL)('reads PostgreSQL directly with DATABASE_URL', async () => {
    const target = await emptyDatabaseTarget();
    try {
      expect(await run({ DATABASE_URL: target.options.databaseUrl! }, 'enrolments')).toEqual({ code: 0, out: [HEADER], err: [] });
    } finally {
      await target.drop();
    }
  });
});
