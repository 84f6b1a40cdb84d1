// What the server writes to disk (the embedded database, its lock, the mail outbox) holds visitors'
// personal data: only the server's own user may read it.
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { recordingLogger } from './support/test-app.ts';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
const folders: string[] = [];

async function freshFolder() {
  const folder = await mkdtemp(join(tmpdir(), 'afa-files-'));
  folders.push(folder);
  return folder;
}

afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('files on disk are owner-only', () => {
  it('the embedded database: DATA_DIR and its folder 0700 (even when it existed looser), the lock 0600', async () => {
    const dataDir = join(await freshFolder(), 'data');
    const pgliteDir = join(dataDir, 'pglite');
    let handle = await openDatabase({ dataDir: pgliteDir });
    try {
      expect(await modeOf(dataDir)).toBe(0o700);
      expect(await modeOf(pgliteDir)).toBe(0o700);
      expect(await modeOf(`${pgliteDir}.lock`)).toBe(0o600);
      expect((await readdir(pgliteDir)).length).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
    await chmod(pgliteDir, 0o755);
    handle = await openDatabase({ dataDir: pgliteDir });
    try {
      expect(await modeOf(pgliteDir)).toBe(0o700);
    } finally {
      await handle.close();
    }
  });

  it('the outbox: the folder 0700 and each mail 0600', async () => {
    const outboxDir = join(await freshFolder(), 'data', 'outbox');
    const mailer = createMailer({ mailFrom: 'no-reply@adire.test', outboxDir, log: recordingLogger() });
    await mailer.send({ kind: 'contact', to: 'staff@adire.test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(await modeOf(join(outboxDir, '..'))).toBe(0o700);
    expect(await modeOf(outboxDir)).toBe(0o700);
    expect(await modeOf(join(outboxDir, files[0]!))).toBe(0o600);
  });
});
