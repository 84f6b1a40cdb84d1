// The notification calls from the browser (docs/product.md#dashboard-as-built-so-far): the signed-in
// student's list with the unread count, and marking one read. The header's bell does not use this
// file (it stays free of the HTTP client); the dashboard's list does. The path is the bell's.
import { http } from '#lib/http.ts';
import { NOTIFICATIONS_PATH } from './bell.ts';
import { MarkedSchema, NotificationListSchema } from './schemas.ts';

export const notificationsApi = {
  /** No toast: the list itself says it could not load. */
  list: () => http.get(NOTIFICATIONS_PATH, { data: NotificationListSchema, toastError: false }),
  /** The HTTP client's toast says why a change failed; the caller puts the item back. */
  setRead: (id: string, read: boolean) => http.patch(`${NOTIFICATIONS_PATH}/${encodeURIComponent(id)}`, { read }, { data: MarkedSchema }),
};
