// The admin door: only the admin command on this machine, with the server's secret, may
// deactivate or reactivate an account; a deactivated student is signed out everywhere.
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEACTIVATED_MESSAGE } from '#lib/errors.ts';
import { SESSION_ENDED } from '#server/auth/require-student.ts';
import { readAdminAddress, readAdminSecret, writeAdminAddress, writeAdminSecret } from '#server/admin-secret.ts';
import { runAdminAgainst } from './support/admin-command.ts';
import { signUpStudent } from './support/factories.ts';
import { get, readJson, send, useTestApp } from './support/test-app.ts';

const SECRET = 'a'.repeat(64);
const t = useTestApp({ adminSecret: SECRET });

const setStatus = (body: object, options: { ip?: string; secret?: string; headers?: Record<string, string> } = {}) =>
  send(t.app, 'admin/students/status', body, {
    ip: options.ip ?? '127.0.0.1',
    headers: {
      ...(options.secret === undefined ? { 'x-admin-secret': SECRET } : options.secret ? { 'x-admin-secret': options.secret } : {}),
      ...options.headers,
    },
  });
const login = (email: string, password: string) => send(t.app, 'user/auth/student/login', { email, password });

describe('the admin route', () => {
  it('refuses a loopback request without the secret or with a wrong one, and any request from elsewhere or through a proxy', async () => {
    const { email } = await signUpStudent(t);
    const refusals = [
      await setStatus({ email, active: false }, { secret: '' }),
      await setStatus({ email, active: false }, { secret: 'b'.repeat(64) }),
      await setStatus({ email, active: false }, { secret: SECRET.slice(1) }),
      await setStatus({ email, active: false }, { ip: '203.0.113.9' }),
      await setStatus({ email, active: false }, { ip: '10.0.0.2' }),
      await setStatus({ email, active: false }, { headers: { 'x-forwarded-for': '203.0.113.9' } }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(await readJson(refused)).toEqual({ message: 'Forbidden' });
    }
  });

  it('deactivates an account, signing it out everywhere, and activates it again', async () => {
    const { email, password, token } = await signUpStudent(t);
    const off = await setStatus({ email, active: false });
    expect(off.status).toBe(200);
    expect((await readJson(off)).data).toEqual({ email, active: false });
    // An open tab is told why, in the spec's words, not that its session ended.
    const profile = await get(t.app, 'user/student/profile', { token });
    expect(profile.status).toBe(401);
    expect(await readJson(profile)).toEqual({ message: DEACTIVATED_MESSAGE });
    expect((await readJson(await login(email, password))).message).toBe(DEACTIVATED_MESSAGE);
    expect((await setStatus({ email, active: true })).status).toBe(200);
    // Reactivated: no session from before comes back; signing in works.
    expect(await readJson(await get(t.app, 'user/student/profile', { token }))).toEqual({ message: SESSION_ENDED });
    expect((await login(email, password)).status).toBe(200);
  });

  it('says when no account uses the address', async () => {
    const answer = await setStatus({ email: 'nobody@example.com', active: false });
    expect(answer.status).toBe(404);
    expect(await readJson(answer)).toEqual({ message: 'No account uses this email address' });
  });
});

describe('npm run admin, through the running server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'afa-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const run = (...argv: string[]) => runAdminAgainst(t.app, argv, { DATA_DIR: dataDir });

  it('writes the secret owner-only, and deactivates with it', async () => {
    await writeAdminSecret(dataDir);
    expect((await stat(join(dataDir, 'admin-secret'))).mode & 0o777).toBe(0o600);
    const { email, password } = await signUpStudent(t);
    // The app under test was built with SECRET: put that one in the file the command reads.
    await writeFile(join(dataDir, 'admin-secret'), SECRET);
    expect(await readAdminSecret(dataDir)).toBe(SECRET);
    expect(await run('deactivate', email)).toEqual({ code: 0, out: [`${email} is deactivated and signed out everywhere.`], err: [] });
    expect((await readJson(await login(email, password))).message).toBe(DEACTIVATED_MESSAGE);
    expect((await run('activate', email)).code).toBe(0);
    expect((await login(email, password)).status).toBe(200);
  });

  it('lets servers that share a DATA_DIR (on PostgreSQL) start together: each file whole, owner-only, the last one kept', async () => {
    const shared = await mkdtemp(join(tmpdir(), 'afa-admin-shared-'));
    const secrets = await Promise.all(Array.from({ length: 4 }, () => writeAdminSecret(shared)));
    await Promise.all([4891, 4892, 4893, 4894].map((port) => writeAdminAddress(shared, '127.0.0.1', port)));
    expect(secrets).toContain(await readAdminSecret(shared));
    expect(await readAdminAddress(shared)).toMatch(/^http:\/\/127\.0\.0\.1:489[1-4]$/);
    expect((await readdir(shared)).sort()).toEqual(['admin-address', 'admin-secret']);
    for (const file of ['admin-address', 'admin-secret']) expect((await stat(join(shared, file))).mode & 0o777).toBe(0o600);
    await rm(shared, { recursive: true, force: true });
  });

  it('finds the server by DATA_DIR alone, at the address it recorded beside its secret', async () => {
    await writeFile(join(dataDir, 'admin-secret'), SECRET);
    await writeAdminAddress(dataDir, '0.0.0.0', 4890);
    const asked: string[] = [];
    const { email } = await signUpStudent(t);
    // Started with PORT=4890; the operator's shell has no PORT (4321 by default): the record wins.
    const { code } = await runAdminAgainst(t.app, ['activate', email], { DATA_DIR: dataDir }, (url) => asked.push(url));
    expect(code).toBe(0);
    expect(asked).toEqual(['http://127.0.0.1:4890/api/v1/admin/students/status']);
    expect(await readAdminAddress(dataDir)).toBe('http://127.0.0.1:4890');
  });

  it('reports a refused secret and an unknown address without changing anything', async () => {
    await writeFile(join(dataDir, 'admin-secret'), 'c'.repeat(64));
    expect(await run('deactivate', 'ada@example.com')).toEqual({ code: 1, out: [], err: ['Forbidden: nothing was changed.'] });
    await writeFile(join(dataDir, 'admin-secret'), SECRET);
    expect(await run('deactivate', 'nobody@example.com')).toEqual({
      code: 1,
      out: [],
      err: ['No account uses this email address: nothing was changed.'],
    });
  });
});
