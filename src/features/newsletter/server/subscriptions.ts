// Newsletter subscriptions: one per address, however often and in whatever letter case it is sent.
import { newsletterSubscriptions } from '#server/db/schema.ts';
import type { Database } from '#server/db/client.ts';

/**
 * Records the subscription unless the address already has one. Returns whether it is new; the
 * answer to the visitor does not depend on it, so nobody can learn who is subscribed.
 */
export async function subscribeToNewsletter(db: Database, email: string): Promise<boolean> {
  // The unique index on lower(email) turns a repeat into a no-op, even between concurrent requests.
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return inserted.length > 0;
}
