// The notification list's state and actions (docs/product.md 'Settings page', View notification):
// the signed-in student's notifications, newest first, and marking one read, which shows at once and
// is saved at once; a failed save marks it unread again. Every change is announced on window as
// NOTIFICATIONS_EVENT, so the header's bell counts again.
import { atom } from 'nanostores';
import { messageOf } from '#lib/errors.ts';
import { announceNotificationsChanged as announce } from '#lib/notifications-changed.ts';
import { notificationsApi } from './api.ts';
import type { Notification } from './schemas.ts';

export type NotificationsState =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; notifications: Notification[]; unreadCount: number };

export const $notifications = atom<NotificationsState>({ kind: 'loading' });

/** Loads the list; a load already shown stays on screen while it refreshes. */
export async function loadNotifications() {
  if ($notifications.get().kind !== 'ready') $notifications.set({ kind: 'loading' });
  try {
    const { data } = await notificationsApi.list();
    $notifications.set({ kind: 'ready', notifications: data.notifications, unreadCount: data.unread_count });
  } catch (error) {
    $notifications.set({ kind: 'failed', message: messageOf(error) });
  }
}

function setReadLocally(id: string, read: boolean): boolean {
  const state = $notifications.get();
  if (state.kind !== 'ready') return false;
  const item = state.notifications.find((notification) => notification.id === id);
  if (!item || item.read === read) return false;
  $notifications.set({
    kind: 'ready',
    notifications: state.notifications.map((notification) => (notification.id === id ? { ...notification, read } : notification)),
    unreadCount: Math.max(0, state.unreadCount + (read ? -1 : 1)),
  });
  return true;
}

/** Marks a notification read at once, then saves it; a failed save marks it unread again (the toast says why). */
export async function markRead(id: string) {
  if (!setReadLocally(id, true)) return;
  announce();
  try {
    const { data } = await notificationsApi.setRead(id, true);
    const state = $notifications.get();
    if (state.kind === 'ready') $notifications.set({ ...state, unreadCount: data.unread_count });
  } catch {
    setReadLocally(id, false);
  }
  // The bell counts again once the server has the change (or has refused it).
  announce();
}
