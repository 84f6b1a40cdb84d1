import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const admin = (...args: string[]) => spawnSync(process.execPath, ['scripts/admin.ts', ...args], { encoding: 'utf8' });

describe('npm run admin', () => {
  it('lists its commands for help, and without a command', () => {
    for (const run of [admin('help'), admin()]) {
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Usage: npm run admin -- <command> \[arguments\]/);
      expect(run.stdout).toMatch(/^ {2}help {2}List the commands\.$/m);
    }
  });

  it('refuses an unknown command with a clear message and exit code 2', () => {
    for (const name of ['deactivate', 'toString', '__proto__']) {
      const run = admin(name, 'ada@example.com');
      expect(run.status, name).toBe(2);
      expect(run.stderr.trim()).toBe(`Unknown command "${name}": nothing was changed. Run "npm run admin -- help" to list the commands.`);
      expect(run.stdout).toBe('');
    }
  });
});
