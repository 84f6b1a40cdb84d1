// client:interaction, a hydration directive of our own (astro.config.mjs): the island's code is
// fetched when a person reaches for one of its controls (focus, a press, a key), not when the page
// loads. For islands whose built HTML already reads in full and whose work starts with a person's
// action: the catalogue's first page (search and paging need the island), the contact and tutor
// forms below their page's text (issue 18: a reader who never writes pays for none of it).
// What happens before the island is live is not lost: text typed into a kit form is kept by the form
// (lib/forms/typed-before-ready.ts), a submit by BaseHead's guard; here, text typed into a field
// outside a form (the catalogue's search) is typed again once live, a press on a plain button
// (a page number) is held and pressed again, and so is a key pressed on one (ArrowDown, Enter on KYC's
// gender combobox) if the button still has focus; a paste into a code's boxes is held and pasted again; presses, keys
// and pastes go again in the order they came. The value names when the island hydrates at once
// instead, because the built HTML cannot show what it has to: `query`, when the address has a query
// string (a search or a page; a link's code); `stored:<key>`, when this tab's sessionStorage holds
// <key> (login's 'your session ended' note); `signed-out`, when this browser holds no student session
// (KYC, whose island sends such a visitor to log in first). Several are separated by spaces.
// A page script may also wake the island (ISLAND_WAKE: the code page, when the e-mail's link was
// followed in another tab); focus the page's own script gives a control (FOCUSED_BY_PAGE: the code
// page's first box) is not a person reaching for it.
import type { ClientDirective } from 'astro';
import { countAsLeft, typeAgain } from './forms/typed-before-ready.ts';
import { FOCUSED_BY_PAGE, ISLAND_READY, ISLAND_WAKE } from './island-ready.ts';
import { SESSION_KEY } from './session-key.ts';

const CONTROLS = 'input, select, textarea, button, label';
const EVENTS = ['focusin', 'focusout', 'input', 'pointerdown', 'keydown', 'click', 'paste'] as const;

const hydrateOnInteraction: ClientDirective = (load, options, el) => {
  let started = false;
  /** Fields the person moved on from before the island was live: they count as left once it is (a 'required' message shows). */
  const left = new Set<Element>();
  /** Fields outside a form typed into before the island was live, with their text: hydrating puts them back to their first value. */
  const typed = new Map<HTMLInputElement, string>();
  /**
   * Presses (and whether made with a pointer: a click made by a key has no pointerdown before it) and
   * keys on plain buttons before the island was live, in order.
   */
  const held: (
    | { control: HTMLElement; byPointer: boolean }
    | { control: Element; key: KeyboardEventInit }
    | { control: HTMLInputElement | HTMLTextAreaElement; paste: string }
  )[] = [];

  const start = async () => {
    if (started) return;
    started = true;
    // Marked for whoever waits on the page (tests): a person reached for it, it is on its way.
    el.dataset.reached = '';
    const name = (JSON.parse(el.getAttribute('opts') ?? '{}') as { name?: string }).name;
    const ready = new Promise<void>((resolve) => {
      const onReady = (event: Event) => {
        if ((event as CustomEvent<string>).detail !== name) return;
        document.removeEventListener(ISLAND_READY, onReady);
        resolve();
      };
      document.addEventListener(ISLAND_READY, onReady);
    });
    const hydrate = await load();
    await hydrate();
    // An island that never says so (it crashed before its effects) leaves its buttons to the person after 10 s.
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    for (const listen of EVENTS) el.removeEventListener(listen, onEvent, true);
    for (const [input, value] of typed) typeAgain(input, value);
    for (const field of left) if (field !== document.activeElement && field.isConnected) countAsLeft(field);
    // Hydration keeps the built elements, so a button pressed is still the one on the page. A press
    // made with a pointer gets its pointerdown again first: a button may tell a tap from a key by it
    // (the kit's select opens its list on a tap, and only takes focus on a click made by a key).
    for (const press of held) {
      if ('paste' in press) {
        if (press.control.isConnected) pasteAgain(press.control, press.paste);
        continue;
      }
      if ('key' in press) {
        if (press.control === document.activeElement) press.control.dispatchEvent(new KeyboardEvent('keydown', press.key));
        continue;
      }
      if (!press.control.isConnected) continue;
      if (press.byPointer) press.control.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, isPrimary: true }));
      press.control.click();
    }
  };

  function onEvent(event: Event) {
    const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    if (!control || !el.contains(control)) return;
    if (event.type === 'focusin' && control.hasAttribute(FOCUSED_BY_PAGE)) return;
    if (event.type === 'focusout') {
      left.add(control);
      return;
    }
    if (event.type === 'input') {
      if (control instanceof HTMLInputElement && !control.form) typed.set(control, control.value);
      // Text may come with no key and no focus of the person's own: into the box the page focused,
      // a code pasted from a menu or filled in by the phone.
      void start();
      return;
    }
    if (event.type === 'keydown' && control.matches('button[type=button]') && holdsKey(event as KeyboardEvent)) {
      const { key, code, altKey, ctrlKey, metaKey, shiftKey } = event as KeyboardEvent;
      // Enter and Space go on to make their click (held below, after the key); any other key does nothing yet.
      if (key !== 'Enter' && key !== ' ') event.preventDefault();
      // Not on to React either, which takes keys once it has started hydrating: the key goes once, from here.
      event.stopPropagation();
      held.push({ control, key: { key, code, altKey, ctrlKey, metaKey, shiftKey, bubbles: true, cancelable: true } });
    }
    // A paste into a field that takes pastes its own way (`data-own-paste`: a code pasted into any box
    // fills them all) is held too, and pasted again once live: the browser's own pasting now would
    // pre-empt it. Any other field takes the paste as the browser pastes, kept as typing is: holding
    // every paste is what pages that forbid pasting do (Lighthouse's best practices said so: 88).
    if (
      event.type === 'paste' &&
      control.matches('[data-own-paste]') &&
      (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)
    ) {
      event.preventDefault();
      event.stopPropagation();
      held.push({ control, paste: (event as ClipboardEvent).clipboardData?.getData('text/plain') ?? '' });
    }
    if (event.type === 'click' && control.matches('button[type=button]')) {
      event.preventDefault();
      event.stopPropagation();
      held.push({ control: control as HTMLElement, byPointer: (event as MouseEvent).detail > 0 });
    }
    void start();
  }

  for (const listen of EVENTS) el.addEventListener(listen, onEvent, true);
  el.addEventListener(ISLAND_WAKE, () => void start(), { once: true });
  if (typeof options.value === 'string' && options.value.split(' ').some(holdsNow)) void start();
};

/** Pastes `text` into a field of the live island: its own paste handler, else where the caret is, heard as typed. */
function pasteAgain(control: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const clipboardData = new DataTransfer();
  clipboardData.setData('text/plain', text);
  const taken = !control.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  if (taken) return;
  let start = control.value.length;
  let end = start;
  try {
    start = control.selectionStart ?? start;
    end = control.selectionEnd ?? end;
  } catch {
    // e-mail and number inputs have no caret to read: the text goes at the end.
  }
  typeAgain(control, control.value.slice(0, start) + text + control.value.slice(end));
}

/** Whether a key pressed on a plain button is held for the live island: not Tab (focus moves on), not a modifier alone. */
const holdsKey = ({ key }: KeyboardEvent) => !['Tab', 'Shift', 'Control', 'Alt', 'Meta'].includes(key);

/** Whether a condition of the directive's value holds as the page loads. */
function holdsNow(condition: string): boolean {
  if (condition === 'query') return location.search !== '';
  if (condition.startsWith('stored:')) return sessionStorage.getItem(condition.slice('stored:'.length)) !== null;
  if (condition === 'signed-out') {
    try {
      return localStorage.getItem(SESSION_KEY) === null;
    } catch {
      return true;
    }
  }
  return false;
}

export default hydrateOnInteraction;
