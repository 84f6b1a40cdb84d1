// The header's bell (docs/product.md 'Header and footer'): the signed-in student's unread count in
// its badge ('9+' above 9, hidden at 0 or when the count cannot be read) and in the link's name
// ('Notifications, 3 unread'). The header loads this file, for signed-in visitors only, and takes the
// session store from it too: one dynamic import in the header, so a visitor's script does not grow.
// It uses a plain fetch and no schema library, to keep signed-in pages light. The count is read
// again when the session changes, when the window regains focus and on NOTIFICATIONS_EVENT.
import type { ReadableAtom } from 'nanostores';
import type { Session } from '#lib/session.ts';

export { $session, initialsOf } from '#lib/session.ts';

/**
 * As src/lib/notifications-changed.ts names it (a unit test holds them equal). Written here too on
 * purpose, like API_BASE below: a module this file shares with the stores becomes a chunk of its
 * own, one more request on every signed-in page.
 */
export const NOTIFICATIONS_EVENT = 'adire:notifications';

/**
 * As src/lib/api-base.ts reads it. Written here too on purpose: a module shared with the HTTP client
 * becomes a chunk of its own, one more request on every signed-in page.
 */
const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '/api/v1/';

/** The list's path under the API base (the list and the bell both ask it). */
export const NOTIFICATIONS_PATH = 'user/student/notifications';
const LABEL = 'Notifications';

/** What the badge shows for `count` unread: '' at 0, '9+' above 9. */
const badgeText = (count: number) => (count <= 0 ? '' : count > 9 ? '9+' : String(count));

/** The bell link's accessible name. */
const bellLabel = (count: number) => (count > 0 ? `${LABEL}, ${count} unread` : LABEL);

/** The unread count, or 0 when there is none to show (signed out, offline, any refusal). */
async function unreadCount(token: string): Promise<number> {
  try {
    const response = await fetch(`${API_BASE}${NOTIFICATIONS_PATH}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) return 0;
    const count = ((await response.json()) as { data?: { unread_count?: unknown } } | null)?.data?.unread_count;
    return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

/** Follows the session's unread count in the header's bell (`[data-bell]`, badge `[data-bell-count]`) and, for phones, on the menu button (`[data-menu-count]`). */
export function followBell(header: HTMLElement, session: ReadableAtom<Session | null>) {
  const bell = header.querySelector<HTMLElement>('[data-bell]');
  if (!bell || document.body.hasAttribute('data-signing-out')) return;
  const badge = bell.querySelector<HTMLElement>('[data-bell-count]');
  // On a phone the bell is inside the closed menu: its button carries the count too.
  const menuBadge = header.querySelector<HTMLElement>('[data-menu-count]');
  const menuLabel = header.querySelector<HTMLElement>('[data-menu-label]');
  let asked = 0;
  let token: string | undefined;

  const show = (count: number) => {
    if (badge) {
      badge.textContent = badgeText(count);
      badge.hidden = count <= 0;
    }
    bell.setAttribute('aria-label', bellLabel(count));
    if (menuBadge) {
      menuBadge.textContent = badgeText(count);
      menuBadge.hidden = count <= 0;
    }
    if (menuLabel) menuLabel.textContent = count > 0 ? `Menu, ${count} unread notifications` : 'Menu';
  };

  const refresh = async () => {
    const ask = ++asked;
    const count = token ? await unreadCount(token) : 0;
    // Only the newest question's answer is shown.
    if (ask === asked) show(count);
  };

  session.subscribe((current) => {
    if (current?.token === token && token !== undefined) return;
    token = current?.token;
    void refresh();
  });
  window.addEventListener('focus', () => void refresh());
  window.addEventListener(NOTIFICATIONS_EVENT, () => void refresh());
}
