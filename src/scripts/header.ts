// Behaviour of the plain-HTML header: the mobile menu, the dropdown menus (mouse with a 200 ms
// open delay, keyboard as a disclosure with arrow keys) and the signed-in state from $session, with
// the bell's unread count. The store (and the schema that parses it) and the bell's code load only
// when there is a session to show, so a visitor's pages carry none of it.
import { SESSION_EVENT, SESSION_KEY } from '#lib/session-key.ts';
import type { Session } from '#lib/session.ts';

const DROPDOWN_OPEN_DELAY_MS = 200;
const DESKTOP = '(min-width: 1024px)';

function setupDropdown(root: HTMLElement) {
  const button = root.querySelector<HTMLButtonElement>(':scope > button')!;
  const menu = root.querySelector<HTMLElement>(':scope > ul')!;
  const items = () => [...menu.querySelectorAll<HTMLAnchorElement>('a')];
  let timer: number | undefined;

  const setOpen = (open: boolean) => {
    window.clearTimeout(timer);
    button.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';

  button.addEventListener('click', () => setOpen(!isOpen()));
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      items()[0]?.focus();
    }
  });
  menu.addEventListener('keydown', (event) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(index + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      list[event.key === 'Home' ? 0 : list.length - 1]?.focus();
    }
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) {
      event.stopPropagation();
      setOpen(false);
      button.focus();
    }
  });
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) setOpen(false);
  });
  // Mouse users on wide screens: open after a short pause so a passing pointer does not flicker it.
  root.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse' || !matchMedia(DESKTOP).matches) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(() => setOpen(true), DROPDOWN_OPEN_DELAY_MS);
  });
  root.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse' || !matchMedia(DESKTOP).matches) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(() => setOpen(false), DROPDOWN_OPEN_DELAY_MS);
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && !root.contains(event.target as Node)) setOpen(false);
  });
}

function setupMobileMenu(header: HTMLElement) {
  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]')!;
  const nav = header.querySelector<HTMLElement>('[data-nav]')!;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('open', open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  header.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });
  matchMedia(DESKTOP).addEventListener('change', () => setOpen(false));
}

function renderSession(header: HTMLElement) {
  const avatar = header.querySelector<HTMLElement>('[data-avatar]')!;
  let loading: Promise<unknown> | undefined;
  const follow = () => {
    loading ??= import('#features/notifications/bell.ts').then(({ $session, initialsOf, followBell }) => {
      const draw = (session: Session | null) => {
        document.documentElement.dataset.auth = session ? 'user' : 'visitor';
        avatar.replaceChildren();
        if (!session) return;
        const { user } = session;
        if (user.image_url) {
          const img = document.createElement('img');
          img.src = user.image_url;
          img.alt = '';
          img.width = 44;
          img.height = 44;
          avatar.append(img);
        } else {
          avatar.textContent = initialsOf(user);
        }
      };
      $session.subscribe(draw);
      followBell(header, $session);
    });
  };
  // The pre-paint script in <head> has said whether a session is stored.
  if (document.documentElement.dataset.auth === 'user') follow();
  // Signed in later, on this page or in another tab.
  window.addEventListener(SESSION_EVENT, follow);
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY) follow();
  });
}

export function startHeader() {
  const header = document.querySelector<HTMLElement>('[data-header]');
  if (!header) return;
  setupMobileMenu(header);
  header.querySelectorAll<HTMLElement>('[data-dropdown]').forEach(setupDropdown);
  renderSession(header);
  // Taken: BaseHead's guard, which opened the menus before this script ran, stands down. The menus'
  // state is in aria-expanded, which this code reads, so one opened by then stays open.
  header.dataset.ready = '';
}
