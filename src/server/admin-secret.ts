// The secret that opens the admin routes to the admin command: 32 random bytes, written by the
// server at every start to DATA_DIR/admin-secret, readable by its own user only (0600). Whoever can
// read it can already read the database files beside it.
//
// Servers on PostgreSQL may share one DATA_DIR (the uploads folder): each replaces the files whole, so
// the last to start owns them. The admin command does not read them then; it connects to the database.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The header the admin command sends the secret in (auth/admin-guard.ts checks it). */
export const ADMIN_SECRET_HEADER = 'x-admin-secret';

const ADMIN_SECRET_FILE = 'admin-secret';
const ADMIN_ADDRESS_FILE = 'admin-address';

/**
 * Puts `text` in `file`, 0600, in one step: written to a new file of its own (writeFile would keep
 * the mode of one that exists), then renamed over it, so servers starting together never find a
 * half-written file or each other's in the way.
 */
async function replaceFile(file: string, text: string) {
  const temporary = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
  await rename(temporary, file);
}

export async function writeAdminSecret(dataDir: string): Promise<string> {
  const secret = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await replaceFile(join(dataDir, ADMIN_SECRET_FILE), secret);
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
  await replaceFile(join(dataDir, ADMIN_ADDRESS_FILE), `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`);
}

/** The address the server on `dataDir` recorded, or null (none recorded: an older server, or none). */
export async function readAdminAddress(dataDir: string): Promise<string | null> {
  const text = (await readFile(join(dataDir, ADMIN_ADDRESS_FILE), 'utf8').catch(() => null))?.trim();
  return text && /^http:\/\/[^/\s]+$/.test(text) ? text : null;
}
