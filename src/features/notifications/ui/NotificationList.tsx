// The settings page's 'View notification' panel (docs/product.md 'Settings page'): the signed-in
// student's notifications, newest first, each with its title, body and date; unread ones are marked
// (a dot and the word 'Unread') and have a 'Mark as read' button. Loading, failure (with 'Try again')
// and 'No notifications yet.' each have their own text. Marking read updates the header's bell too.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDate } from '#lib/format.ts';
import { withBoundary } from '#lib/react/IslandBoundary.tsx';
import type { Notification } from '../schemas.ts';
import { $notifications, loadNotifications, markRead } from '../stores.ts';

function NotificationList() {
  const state = useStore($notifications);

  useEffect(() => {
    void loadNotifications();
  }, []);

  switch (state.kind) {
    case 'loading':
      return (
        <p className="notifications-status" role="status">
          Loading your notifications…
        </p>
      );
    case 'failed':
      return (
        <div className="notifications-status" role="alert">
          <p>{state.message}</p>
          <button type="button" className="btn btn-outline" onClick={() => void loadNotifications()}>
            Try again
          </button>
        </div>
      );
    case 'ready':
      if (state.notifications.length === 0) return <p className="notifications-status">No notifications yet.</p>;
      return (
        <div className="notifications">
          <p className="notifications-summary" aria-live="polite">
            {state.unreadCount === 0 ? 'All caught up.' : `${state.unreadCount} unread`}
          </p>
          <ul className="notification-list" aria-label="Notifications" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {state.notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} />
            ))}
          </ul>
        </div>
      );
  }
}

const itemStyle = (read: boolean) => ({
  padding: '0.9rem 1rem',
  marginBottom: '0.6rem',
  borderRadius: '10px',
  border: '1px solid var(--line)',
  borderLeft: `4px solid ${read ? 'var(--line)' : 'var(--ochre)'}`,
  background: read ? '#fff' : 'var(--cream)',
});

/** The button goes away once the item is read: keyboard users keep their place on its title. */
function onMarkRead(id: string, titleId: string) {
  void markRead(id);
  document.getElementById(titleId)?.focus();
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { id, title, body, created_at: createdAt, read } = notification;
  const titleId = `notification-${id}`;
  return (
    <li className={read ? 'notification is-read' : 'notification is-unread'} style={itemStyle(read)}>
      <h3 id={titleId} className="notification-title" tabIndex={-1} style={{ margin: 0, fontSize: '1rem', fontWeight: read ? 600 : 700 }}>
        {!read && (
          <span className="notification-unread" style={{ color: 'var(--indigo-900)', marginRight: '0.5rem' }}>
            <span aria-hidden="true">● </span>Unread<span className="visually-hidden">:</span>
          </span>
        )}
        {title}
      </h3>
      <p className="notification-body" style={{ margin: '0.35rem 0' }}>
        {body}
      </p>
      <p className="notification-meta" style={{ margin: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.75rem' }}>
        <time dateTime={createdAt}>{formatDate(createdAt)}</time>
        {!read && (
          <button type="button" className="btn btn-outline" onClick={() => onMarkRead(id, titleId)}>
            Mark as read<span className="visually-hidden">: {title}</span>
          </button>
        )}
      </p>
    </li>
  );
}

export default withBoundary(NotificationList, 'NotificationList');
