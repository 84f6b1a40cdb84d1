// Writes a notification for a student (the dashboard lists them, the header's bell counts them).
// Any feature calls this, inside its own transaction when the event is part of one; an event with a
// source key ('payment:<reference>') is told once however often it is handled.
import type { Database } from '#server/db/client.ts';
import { notifications } from '#server/db/schema.ts';

export interface NewNotification {
  studentId: string;
  kind: 'enrolment' | 'payment' | 'password' | 'account';
  title: string;
  body: string;
  /** Names the event, so handling it twice writes one notification. */
  sourceKey?: string;
}

/** Anything that can run an insert: the database or a transaction on it. */
type Writer = Pick<Database, 'insert'>;

export async function notify(db: Writer, notification: NewNotification, now: Date): Promise<void> {
  await db
    .insert(notifications)
    .values({ ...notification, sourceKey: notification.sourceKey ?? null, createdAt: now })
    .onConflictDoNothing();
}
