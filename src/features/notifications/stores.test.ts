// The notification list through its actions, with the API stubbed: what the list shows after a
// load, a read that shows at once and is saved, a refused save that puts it back, and the event the
// header's bell counts again on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/errors.ts';
import { NOTIFICATIONS_EVENT } from '#lib/notifications-changed.ts';
import { NOTIFICATIONS_EVENT as BELL_LISTENS_FOR } from './bell.ts';
import type { Notification } from './schemas.ts';

const api = vi.hoisted(() => ({ list: vi.fn(), setRead: vi.fn() }));
vi.mock('./api.ts', () => ({ notificationsApi: api }));
const { $notifications, loadNotifications, markRead } = await import('./stores.ts');

const notice = (id: string, read = false): Notification => ({
  id,
  title: `Notice ${id}`,
  body: 'You are enrolled.',
  created_at: '2026-11-24T09:00:00.000Z',
  read,
});
const answer = <T>(data: T) => Promise.resolve({ message: 'ok', data });

it('the bell listens for the event the stores announce', () => {
  expect(BELL_LISTENS_FOR).toBe(NOTIFICATIONS_EVENT);
});

describe('the notifications store', () => {
  const events = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('window', new EventTarget());
    window.addEventListener(NOTIFICATIONS_EVENT, events);
    $notifications.set({ kind: 'loading' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  async function loaded(...items: Notification[]) {
    api.list.mockReturnValueOnce(answer({ notifications: items, unread_count: items.filter((item) => !item.read).length }));
    await loadNotifications();
  }

  it('shows the list with its unread count, or why it could not load', async () => {
    await loaded(notice('n2'), notice('n1', true));
    expect($notifications.get()).toEqual({ kind: 'ready', notifications: [notice('n2'), notice('n1', true)], unreadCount: 1 });
    api.list.mockReturnValueOnce(Promise.reject(new ApiError(503, 'The service is busy, please try again shortly.', {})));
    await loadNotifications();
    expect($notifications.get()).toEqual({ kind: 'failed', message: 'The service is busy, please try again shortly.' });
  });

  it('keeps a loaded list on screen while it refreshes', async () => {
    await loaded(notice('n1'));
    let finish: (value: unknown) => void = () => {};
    api.list.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const refreshing = loadNotifications();
    expect($notifications.get().kind).toBe('ready');
    finish({ message: 'ok', data: { notifications: [notice('n2'), notice('n1')], unread_count: 2 } });
    await refreshing;
    expect($notifications.get()).toMatchObject({ kind: 'ready', unreadCount: 2 });
  });

  it('marks a notification read at once, saves it, and tells the bell before and after', async () => {
    await loaded(notice('n2'), notice('n1'));
    let saved: (value: unknown) => void = () => {};
    api.setRead.mockReturnValueOnce(new Promise((resolve) => (saved = resolve)));
    const marking = markRead('n2');
    expect($notifications.get()).toMatchObject({
      unreadCount: 1,
      notifications: [
        { id: 'n2', read: true },
        { id: 'n1', read: false },
      ],
    });
    expect(events).toHaveBeenCalledTimes(1);
    saved({ message: 'ok', data: { notification: notice('n2', true), unread_count: 1 } });
    await marking;
    expect(api.setRead).toHaveBeenCalledWith('n2', true);
    expect(events).toHaveBeenCalledTimes(2);
  });

  it('marks it unread again when the save is refused', async () => {
    await loaded(notice('n1'));
    api.setRead.mockReturnValueOnce(Promise.reject(new ApiError(404, 'Notification not found', {})));
    await markRead('n1');
    expect($notifications.get()).toEqual({ kind: 'ready', notifications: [notice('n1')], unreadCount: 1 });
  });

  it('sends nothing for a notification already read or not in the list', async () => {
    await loaded(notice('n1', true));
    await markRead('n1');
    await markRead('n9');
    expect(api.setRead).not.toHaveBeenCalled();
    expect(events).not.toHaveBeenCalled();
  });
});
