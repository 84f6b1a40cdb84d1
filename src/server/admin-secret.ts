// The secret that opens the admin routes to the admin command: 32 random bytes, written by the
// server at every start to DATA_DIR/admin-secret, readable by its own user only (0600). Whoever can
// read it can already read the database files beside it.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const ADMIN_SECRET_FILE = 'admin-secret';
const ADMIN_ADDRESS_FILE = 'admin-address';

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

/**
 * Where the server on `dataDir` listens (a loopback URL), written beside the secret once it listens,
 * so the admin command finds it by DATA_DIR alone, whatever PORT it was started with.
 */
export async function writeAdminAddress(dataDir: string, host: string, port: number): Promise<void> {
  const loopback = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const file = join(dataDir, ADMIN_ADDRESS_FILE);
  await rm(file, { force: true });
  await writeFile(file, `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`, { mode: 0o600, flag: 'wx' });
}

/** The address the server on `dataDir` recorded, or null (none recorded: an older server, or none). */
export async function readAdminAddress(dataDir: string): Promise<string | null> {
  const text = (await readFile(join(dataDir, ADMIN_ADDRESS_FILE), 'utf8').catch(() => null))?.trim();
  return text && /^http:\/\/[^/\s]+$/.test(text) ? text : null;
}
