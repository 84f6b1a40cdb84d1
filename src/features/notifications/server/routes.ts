// The signed-in student's notifications (docs/product.md#dashboard-as-built-so-far):
//   GET   user/student/notifications        newest first (at most 50), with the unread count
//   PATCH user/student/notifications/{id}   {read: true} marks it read, {read: false} unread again
// Features write notifications with #server/notifications/notify.ts; this feature only reads them
// and keeps their read state. A notification is its owner's alone: any other id, or one that is not
// an id at all, is 404. Answers are private (no-store, set by the guard).
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireStudent, type StudentEnv } from '#server/auth/require-student.ts';
import type { Database } from '#server/db/client.ts';
import { notifications } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { isUuid } from '#server/http/ids.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { MarkedSchema, MarkReadSchema, NOTIFICATIONS_LIMIT, NotificationListSchema, type Notification } from '../schemas.ts';

const EXAMPLE_NOTIFICATION = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  title: 'Welcome to Pattern Drafting Foundations',
  body: 'Your course is ready in My courses.',
  created_at: '2026-11-25T10:02:00.000Z',
  read: false,
};

const MESSAGES = {
  list: 'Your notifications.',
  marked: 'Notification updated.',
  notFound: 'Notification not found',
} as const;

type Row = Pick<typeof notifications.$inferSelect, 'id' | 'title' | 'body' | 'createdAt' | 'readAt'>;

const columns = {
  id: notifications.id,
  title: notifications.title,
  body: notifications.body,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

const toNotification = (row: Row): Notification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  created_at: row.createdAt.toISOString(),
  read: row.readAt !== null,
});

async function unreadCount(db: Database, studentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.studentId, studentId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Mounted at /user. */
export function createNotificationRoutes(services: ApiServices) {
  const { db, clock } = services;
  const routes = new Hono<ApiEnv>();
  const signedIn = new Hono<StudentEnv>();
  const guard = requireStudent(services);

  signedIn.get(
    '/student/notifications',
    describeJsonRoute({
      tag: 'Notifications',
      summary: `The signed-in student's notifications, newest first (at most ${NOTIFICATIONS_LIMIT}), and how many are unread`,
      examples: { data: { notifications: [EXAMPLE_NOTIFICATION], unread_count: 1 } },
      success: { message: MESSAGES.list, data: NotificationListSchema },
      auth: true,
    }),
    guard,
    async (c) => {
      const studentId = c.var.student.id;
      const rows = await db
        .select(columns)
        .from(notifications)
        .where(eq(notifications.studentId, studentId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATIONS_LIMIT);
      const data = { notifications: rows.map(toNotification), unread_count: await unreadCount(db, studentId) };
      return c.json({ message: MESSAGES.list, data }, 200);
    },
  );

  signedIn.patch(
    '/student/notifications/:id',
    describeJsonRoute({
      tag: 'Notifications',
      summary: 'Mark one of your notifications read ({read: true}) or unread again ({read: false})',
      examples: { body: { read: true }, data: { notification: { ...EXAMPLE_NOTIFICATION, read: true }, unread_count: 0 } },
      body: MarkReadSchema,
      success: { message: MESSAGES.marked, data: MarkedSchema },
      auth: true,
      errors: { 404: `${MESSAGES.notFound} (not one of yours, or not an id)` },
    }),
    guard,
    async (c) => {
      const studentId = c.var.student.id;
      const id = c.req.param('id');
      if (!isUuid(id)) throw new ApiError(404, MESSAGES.notFound);
      const { read } = await readJsonBody(c, MarkReadSchema);
      const mine = and(eq(notifications.id, id), eq(notifications.studentId, studentId));
      // Marking read keeps the first time it was read; marking a read one read again changes nothing.
      const readAt = read ? sql`coalesce(${notifications.readAt}, ${clock().toISOString()}::timestamptz)` : null;
      const [row] = await db.update(notifications).set({ readAt }).where(mine).returning(columns);
      if (!row) throw new ApiError(404, MESSAGES.notFound);
      const data = { notification: toNotification(row), unread_count: await unreadCount(db, studentId) };
      return c.json({ message: MESSAGES.marked, data }, 200);
    },
  );

  routes.route('/', signedIn);
  return routes;
}
