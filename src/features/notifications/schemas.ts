// What the notification calls answer and accept (docs/product.md#dashboard-as-built-so-far): the signed-in
// student's notifications, newest first, with how many are unread, and marking one read (or unread).
// The dashboard's list and the routes share these; the header's bell reads only `unread_count`, with
// no schema, to stay light.
import * as v from 'valibot';
import { InstantSchema } from '#lib/schemas/values.ts';

const NotificationSchema = v.pipe(
  v.object({
    id: v.string(),
    title: v.string(),
    body: v.string(),
    /** ISO 8601 instant. */
    created_at: InstantSchema,
    read: v.boolean(),
  }),
  v.metadata({ ref: 'Notification' }),
);
export type Notification = v.InferOutput<typeof NotificationSchema>;

const unreadCount = v.pipe(v.number(), v.integer(), v.minValue(0));

export const NotificationListSchema = v.pipe(
  v.object({
    /** Newest first, at most NOTIFICATIONS_LIMIT. */
    notifications: v.array(NotificationSchema),
    /** Every unread notification of the student, not only those in the list. */
    unread_count: unreadCount,
  }),
  v.metadata({ ref: 'NotificationList' }),
);

/** How many notifications the list answers at most. */
export const NOTIFICATIONS_LIMIT = 50;

/** PATCH body: `{read: true}` marks a notification read; `{read: false}` marks it unread again. */
export const MarkReadSchema = v.strictObject({
  read: v.boolean('read must be true or false'),
});

/** PATCH answer: the notification as it is now, and the student's unread count after the change. */
export const MarkedSchema = v.object({
  notification: NotificationSchema,
  unread_count: unreadCount,
});
