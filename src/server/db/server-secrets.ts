// Secrets the server makes for itself (src/server/db/schema/secrets.ts), one per name for every
// process sharing the database: the first call anywhere creates it from a CSPRNG with
// `insert ... on conflict do nothing`, and every call reads back whatever won.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { serverSecrets } from './schema.ts';

const SECRET_BYTES = 32;

/** The secret named `name`, hex (64 characters or more): made on the first call anywhere, read after. */
export async function readServerSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(SECRET_BYTES).toString('hex') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row || !/^[0-9a-f]{64,}$/.test(row.value)) throw new Error(`The server secret ${name} is missing or malformed`);
  return row.value;
}
