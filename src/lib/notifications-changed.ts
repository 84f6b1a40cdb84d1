// The student's notifications may have changed on this page: the list marked one read, or a payment
// was checked (the server writes a notification for each outcome). The header's bell
// (features/notifications/bell.ts) counts again when it hears this.

/** Dispatched on window when the student's notifications may have changed on this page. */
export const NOTIFICATIONS_EVENT = 'adire:notifications';

export function announceNotificationsChanged() {
  // No window in the unit tests that run the stores under Node.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(NOTIFICATIONS_EVENT));
}
