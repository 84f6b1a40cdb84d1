// Secrets the server makes for itself and every process sharing the database must agree on (the key
// that signs material URLs, src/server/files/signed-urls.ts; the test payment provider's webhook key,
// src/server/payments/test-provider.ts). Each is created once, from a CSPRNG (server-secrets.ts),
// with `insert ... on conflict do nothing` and then read back, so two servers starting together end
// up with the same value. Never logged, never sent to a client.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** Hex. */
  value: text('value').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
});
