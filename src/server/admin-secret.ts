// The secret that opens the admin routes to the admin command: 32 random bytes, written by the
// server at every start to DATA_DIR/admin-secret, readable by its own user only (0600). Whoever can
// read it can already read the database files beside it.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const ADMIN_SECRET_FILE = 'admin-secret';

export async function writeAdminSecret(dataDir: string): Promise<string> {
  const secret = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, ADMIN_SECRET_FILE);
  // Removed first: writeFile keeps the mode of a file that already exists.
  await rm(file, { force: true });
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** The secret of a server running on `dataDir`, or null when none has started there. */
export async function readAdminSecret(dataDir: string): Promise<string | null> {
  return (await readFile(join(dataDir, ADMIN_SECRET_FILE), 'utf8').catch(() => null))?.trim() || null;
}
