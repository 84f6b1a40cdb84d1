// Staff invitations: the admin command mails a link (72 hours, one use); the invitee chooses a
// password, gets the authenticator's secret, and proves it with one code; only then does the member
// exist, signed in, with ten recovery codes shown once.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageSchema, EnrolmentSchema, StaffSchema } from '#features/staff/schemas.ts';
import { acceptInvitation } from '#features/staff/server/invitations.ts';
import { RECOVERY_CODE_COUNT } from '#features/staff/server/second-factor.ts';
import { auditLog, staffInvitations, staffMembers, staffRecoveryCodes } from '#server/db/schema.ts';
import { openDatabase } from '#server/db/client.ts';
import { runAdmin } from '../../scripts/deploy/admin.ts';
import { runAdminAgainst } from './support/admin-command.ts';
import { emptyDatabaseTarget } from './support/test-database.ts';
import { accept, invite, untilWaitingOnLocks } from './support/staff-flow.ts';
import { get, readData, readJson, send, useTestApp } from './support/test-app.ts';
import { invitationTokenTo, seedStaff, STAFF_PASSWORD, staffCode } from '../support/staff.ts';

const SECRET = 'b'.repeat(64);
const t = useTestApp({ adminSecret: SECRET, startAt: '2026-11-26T08:00:00Z', env: { PUBLIC_SITE_URL: 'https://adireacademy.ng' } });

const confirm = (token: string, code: string) => send(t.app, 'staff/auth/confirm-mfa', { token, code });

describe('npm run admin -- invite-staff', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'afa-staff-invite-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('mails the invitation link and prints it; the audit log names the command', async () => {
    await writeFile(join(dataDir, 'admin-secret'), SECRET);
    const run = await runAdminAgainst(t.app, ['invite-staff', 'Funke@AdireAcademy.ng', '--role', 'admin', '--name', 'Funke Adeyemi'], {
      DATA_DIR: dataDir,
    });
    expect(run.code).toBe(0);
    const token = invitationTokenTo(t.mailer.sent, 'funke@adireacademy.ng');
    expect(run.out).toEqual([
      'Invitation mailed to funke@adireacademy.ng. Its link works once, for 72 hours:',
      `https://adireacademy.ng/staff/welcome?token=${token}`,
    ]);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toEqual({ name: 'Funke Adeyemi', address: 'funke@adireacademy.ng' });
    expect(mail.html).toContain(`https://adireacademy.ng/staff/welcome?token=${token}`);
    expect(mail.text).toContain('You have been given an admin account on the staff console.');
    const [entry] = await t.db.select().from(auditLog);
    expect(entry).toMatchObject({
      actorId: null,
      actorEmail: 'admin command',
      action: 'staff.invite',
      target: 'invitation:funke@adireacademy.ng',
      ip: 'cli',
    });
  });

  it('refuses a missing or unknown role, and an address a member already uses, sending nothing', async () => {
    await writeFile(join(dataDir, 'admin-secret'), SECRET);
    const run = (...argv: string[]) => runAdminAgainst(t.app, argv, { DATA_DIR: dataDir });
    expect((await run('invite-staff', 'tunde@adireacademy.ng')).code).toBe(2);
    expect(await run('invite-staff', 'tunde@adireacademy.ng', '--role', 'owner')).toEqual({
      code: 2,
      out: [],
      err: ['Role must be admin or staff: nothing was sent.'],
    });
    await seedStaff(t, { email: 'tunde@adireacademy.ng' });
    expect(await run('invite-staff', 'TUNDE@adireacademy.ng', '--role', 'staff')).toEqual({
      code: 1,
      out: [],
      err: ['A member of staff already uses this email address: nothing was sent.'],
    });
    expect(t.mailer.sent).toEqual([]);
  });

  // Straight to PostgreSQL with DATABASE_URL (scripts/checks/test-postgres.sh); PGlite goes through the server.
  it.runIf(process.env.DATABASE_URL)('invites straight into PostgreSQL with DATABASE_URL, the mail in the outbox', async () => {
    const target = await emptyDatabaseTarget();
    const out: string[] = [];
    const err: string[] = [];
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: target.options.databaseUrl!, PUBLIC_SITE_URL: 'https://adireacademy.ng' };
      const run = await runAdmin(['invite-staff', 'oyin@adireacademy.ng', '--role', 'staff'], {
        env,
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        fetch: () => Promise.reject(new Error('no server is asked')),
      });
      expect({ run, err }).toEqual({ run: 0, err: [] });
      expect(out[1]).toMatch(/^https:\/\/adireacademy\.ng\/staff\/welcome\?token=[A-Za-z0-9_-]{43}$/);
      const outbox = await readdir(join(dataDir, 'outbox'));
      const mail = await readFile(
        join(
          dataDir,
          'outbox',
          outbox.find((name) => name.endsWith('.eml'))!,
        ),
        'utf8',
      );
      expect(mail).toContain('oyin@adireacademy.ng');
      const database = await openDatabase(target.options);
      try {
        expect(await database.db.select({ action: auditLog.action, actor: auditLog.actorEmail }).from(auditLog)).toEqual([
          { action: 'staff.invite', actor: 'admin command' },
        ]);
      } finally {
        await database.close();
      }
    } finally {
      await target.drop();
    }
  });
  it('is refused without the server secret', async () => {
    await writeFile(join(dataDir, 'admin-secret'), 'c'.repeat(64));
    const run = await runAdminAgainst(t.app, ['invite-staff', 'ada@adireacademy.ng', '--role', 'admin'], { DATA_DIR: dataDir });
    expect(run).toEqual({ code: 1, out: [], err: ['Forbidden: nothing was sent.'] });
    expect(t.mailer.sent).toEqual([]);
  });
});

describe('accept-invite and confirm-mfa', () => {
  it('enrols: the otpauth URI and secret, then a code from it signs in with 10 distinct recovery codes', async () => {
    const token = await invite(t, 'bisi@adireacademy.ng', 'staff', 'Bisi Lawal');
    const answer = await send(t.app, 'staff/auth/accept-invite', { token, password: STAFF_PASSWORD });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { otpauth_url, secret } = await readData(answer, EnrolmentSchema);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_url);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(uri.pathname)).toContain('bisi@adireacademy.ng');

    const confirmed = await confirm(token, staffCode(secret, t.clock.now()));
    expect(confirmed.status).toBe(200);
    const { data } = (await readJson(confirmed)) as { data: { token: string; staff: unknown; recovery_codes: string[] } };
    expect(data.staff).toMatchObject({ email: 'bisi@adireacademy.ng', name: 'Bisi Lawal', role: 'staff' });
    expect(data.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(new Set(data.recovery_codes).size).toBe(10);
    for (const code of data.recovery_codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    expect(await readData(await get(t.app, 'staff/me', { token: data.token }), StaffSchema)).toMatchObject({
      email: 'bisi@adireacademy.ng',
    });

    // Stored as hashes only; the secret is never answered again.
    const stored = JSON.stringify(await t.db.select().from(staffRecoveryCodes));
    for (const code of data.recovery_codes) expect(stored).not.toContain(code.replace('-', ''));
    const me = await get(t.app, 'staff/me', { token: data.token });
    expect(await me.text()).not.toContain(secret);
  });

  it('uses the invitation up: a second confirmation or acceptance is refused', async () => {
    const token = await invite(t, 'chidi@adireacademy.ng');
    const secret = await accept(t, token);
    expect((await confirm(token, staffCode(secret, t.clock.now()))).status).toBe(200);
    t.clock.advance(30_000);
    const again = await confirm(token, staffCode(secret, t.clock.now()));
    expect(again.status).toBe(400);
    expect(await readJson(again)).toEqual({ message: 'Invalid or expired code', errors: { code: ['Invalid or expired code'] } });
    const reaccept = await send(t.app, 'staff/auth/accept-invite', { token, password: STAFF_PASSWORD });
    expect(reaccept.status).toBe(400);
    expect(await readJson(reaccept)).toEqual({
      message: 'Invalid or expired invitation',
      errors: { token: ['Invalid or expired invitation'] },
    });
    expect(await t.db.select().from(staffMembers)).toHaveLength(1);
  });

  it('expires after 72 hours', async () => {
    const token = await invite(t, 'dayo@adireacademy.ng');
    t.clock.advance(72 * 60 * 60_000 - 60_000);
    const secret = await accept(t, token);
    t.clock.advance(60_000);
    expect((await confirm(token, staffCode(secret, t.clock.now()))).status).toBe(400);
    expect((await send(t.app, 'staff/auth/accept-invite', { token, password: STAFF_PASSWORD })).status).toBe(400);
  });

  it('refuses an unknown token, a wrong code, and a confirmation before acceptance', async () => {
    const unknown = await send(t.app, 'staff/auth/accept-invite', { token: 'x'.repeat(43), password: STAFF_PASSWORD });
    expect(unknown.status).toBe(400);
    const token = await invite(t, 'efe@adireacademy.ng');
    expect((await confirm(token, '123456')).status).toBe(400);
    const secret = await accept(t, token);
    const wrong = String((Number(staffCode(secret, t.clock.now())) + 1) % 1_000_000).padStart(6, '0');
    expect((await confirm(token, wrong)).status).toBe(400);
    expect(await t.db.select().from(staffMembers)).toHaveLength(0);
  });

  it('holds the password to the student rules, common passwords included', async () => {
    const token = await invite(t, 'femi@adireacademy.ng');
    const short = await send(t.app, 'staff/auth/accept-invite', { token, password: 'Ab1' });
    expect(short.status).toBe(400);
    expect(((await readJson(short)) as { errors: Record<string, string[]> }).errors.password).toEqual([
      'Password must be at least 8 characters long.',
    ]);
    const common = await send(t.app, 'staff/auth/accept-invite', { token, password: 'Password1' });
    expect(common.status).toBe(400);
    expect(((await readJson(common)) as { errors: Record<string, string[]> }).errors.password).toEqual([
      'This password is too common. Please choose one that is harder to guess.',
    ]);
  });

  it('only the secret drawn last works when the page accepts twice', async () => {
    const token = await invite(t, 'gbenga@adireacademy.ng');
    const first = await accept(t, token);
    const second = await accept(t, token);
    expect(second).not.toBe(first);
    if (staffCode(first, t.clock.now()) !== staffCode(second, t.clock.now()))
      expect((await confirm(token, staffCode(first, t.clock.now()))).status).toBe(400);
    expect((await confirm(token, staffCode(second, t.clock.now()))).status).toBe(200);
  });

  // PostgreSQL only: PGlite runs one statement at a time, so nothing can wait on a lock there.
  it.runIf(process.env.DATABASE_URL)(
    'a second tab accepting while the first confirms: still only the secret drawn last works',
    async () => {
      const token = await invite(t, 'gbenga@adireacademy.ng');
      const first = await accept(t, token);
      // The invitation's row held still: the first tab's confirmation has read the invitation and
      // waits to use it up; the second tab's acceptance lands meanwhile.
      const [confirmed, second] = await t.db.transaction(async (tx) => {
        await tx.select().from(staffInvitations).where(eq(staffInvitations.email, 'gbenga@adireacademy.ng')).for('update');
        const confirmation = confirm(token, staffCode(first, t.clock.now()));
        await untilWaitingOnLocks(t.db, 1);
        const accepted = await acceptInvitation(tx, token, 'Other-Pass-77', t.clock.now());
        return [confirmation, accepted!.secret] as const;
      });
      if (staffCode(first, t.clock.now()) !== staffCode(second, t.clock.now())) expect((await confirmed).status).toBe(400);
      expect((await confirm(token, staffCode(second, t.clock.now()))).status).toBe(200);
      expect((await send(t.app, 'staff/auth/login', { email: 'gbenga@adireacademy.ng', password: 'Other-Pass-77' })).status).toBe(200);
    },
  );

  it('a new invitation to the address ends the earlier one', async () => {
    const earlier = await invite(t, 'hauwa@adireacademy.ng');
    const later = await invite(t, 'hauwa@adireacademy.ng');
    expect((await send(t.app, 'staff/auth/accept-invite', { token: earlier, password: STAFF_PASSWORD })).status).toBe(400);
    expect((await send(t.app, 'staff/auth/accept-invite', { token: later, password: STAFF_PASSWORD })).status).toBe(200);
  });

  it('records the member joining in the audit log', async () => {
    const token = await invite(t, 'ife@adireacademy.ng', 'admin');
    t.clock.advance(60_000);
    const secret = await accept(t, token);
    const { data } = (await readJson(await confirm(token, staffCode(secret, t.clock.now())))) as { data: { token: string } };
    const { entries } = await readData(await get(t.app, 'staff/audit', { token: data.token }), AuditPageSchema);
    expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ['staff.join', 'ife@adireacademy.ng'],
      ['staff.invite', 'admin command'],
    ]);
    const [member] = await t.db.select().from(staffMembers).where(eq(staffMembers.email, 'ife@adireacademy.ng'));
    expect(entries[0]!.target).toBe(`staff:${member!.id}`);
  });
});
