import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const admin = (...args: string[]) => spawnSync(process.execPath, ['scripts/deploy/admin.ts', ...args], { encoding: 'utf8' });

describe('npm run admin', () => {
  it('lists its commands for help, and without a command', () => {
    for (const run of [admin('help'), admin()]) {
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Usage: npm run admin -- <command> \[arguments\]/);
      expect(run.stdout).toMatch(/^ {2}help +List the commands\.$/m);
      expect(run.stdout).toMatch(/^ {2}deactivate <email> +Stop a student from logging in/m);
    }
  });

  it('refuses an unknown command with a clear message and exit code 2', () => {
    for (const name of ['delete', 'toString', '__proto__']) {
      const run = admin(name, 'ada@example.com');
      expect(run.status, name).toBe(2);
      expect(run.stderr.trim()).toBe(`Unknown command "${name}": nothing was changed. Run "npm run admin -- help" to list the commands.`);
      expect(run.stdout).toBe('');
    }
  });

  it('says in one line when there is neither a running server nor a database URL', () => {
    const run = spawnSync(process.execPath, ['scripts/deploy/admin.ts', 'deactivate', 'ada@example.com'], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: '/nonexistent-admin-test', DATABASE_URL: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^No server is running for DATA_DIR=\/nonexistent-admin-test .* and DATABASE_URL is not set: start it with npm start/,
    );
  });

  it('asks for the address', () => {
    const run = admin('activate');
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe('Usage: npm run admin -- activate <email>');
  });

  it('has an enrolments command: listed by help, one line without a server or a database URL, no arguments', () => {
    expect(admin('help').stdout).toMatch(
      /^ {2}enrolments +Print every successful payment as CSV: student, email, course, amount, reference, date, needs_refund\.$/m,
    );
    expect(admin('help').stdout).toMatch(/^ {2}refunds +Print, as the same CSV, the payments to refund: .+$/m);
    const run = spawnSync(process.execPath, ['scripts/deploy/admin.ts', 'enrolments'], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: '/nonexistent-admin-test', DATABASE_URL: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^No server is running for DATA_DIR=\/nonexistent-admin-test \(at http:\/\/.*\/api\/v1\/admin\/enrolments\) and DATABASE_URL is not set: start it with npm start/,
    );
    const extra = admin('enrolments', 'now');
    expect(extra.status).toBe(2);
    expect(extra.stderr.trim()).toBe('Usage: npm run admin -- enrolments');
  });
});
