// The keyboard of the select-only combobox (WAI-ARIA APG, 'Select-Only Combobox'), as pure
// functions so they can be tested without a DOM: which action a key means, where the active option
// moves, and type-ahead (typing 'la' goes to Lagos). Focus never leaves the combobox; the active
// option is pointed at with aria-activedescendant.

export type SelectAction =
  | 'open'
  | 'first'
  | 'last'
  | 'previous'
  | 'next'
  | 'pageUp'
  | 'pageDown'
  /** Choose the active option and close. */
  | 'select'
  /** Choose the active option and close, and let Tab move focus on (so: no preventDefault). */
  | 'tab'
  /** Close without changing the value. */
  | 'close'
  /** A printable character: type-ahead. */
  | 'type';

export interface KeyInput {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/** How many options PageUp and PageDown move by (APG). */
export const PAGE_SIZE = 10;
/** A pause this long starts a new type-ahead search. */
export const TYPEAHEAD_RESET_MS = 500;

const isPrintable = (key: string) => [...key].length === 1;

/**
 * The action a key press means, or null for a key the combobox leaves alone (so the browser or a
 * surrounding dialog may use it). `typing` is true while a type-ahead search is under way: a space
 * then belongs to the search ('fct - abuja'), not to 'select'.
 */
export function selectActionOf(
  { key, altKey = false, ctrlKey = false, metaKey = false }: KeyInput,
  open: boolean,
  typing = false,
): SelectAction | null {
  if (ctrlKey || metaKey) return null;
  if (isPrintable(key) && !altKey && (key !== ' ' || typing)) return 'type';
  if (!open) {
    if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') return 'open';
    if (key === 'Home') return 'first';
    if (key === 'End') return 'last';
    return null;
  }
  switch (key) {
    case 'ArrowDown':
      return altKey ? null : 'next';
    case 'ArrowUp':
      return altKey ? 'select' : 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'PageUp':
      return 'pageUp';
    case 'PageDown':
      return 'pageDown';
    case 'Enter':
    case ' ':
      return 'select';
    case 'Tab':
      return 'tab';
    case 'Escape':
      return 'close';
    default:
      return null;
  }
}

/** The option a moving action goes to, kept within the list (no wrapping, as in the APG example). */
export function moveIndex(action: SelectAction, current: number, count: number, pageSize = PAGE_SIZE): number {
  if (count <= 0) return -1;
  const last = count - 1;
  const from = Math.min(Math.max(current, 0), last);
  switch (action) {
    case 'first':
      return 0;
    case 'last':
      return last;
    case 'previous':
      return Math.max(0, from - 1);
    case 'next':
      return current < 0 ? 0 : Math.min(last, from + 1);
    case 'pageUp':
      return Math.max(0, from - pageSize);
    case 'pageDown':
      return Math.min(last, from + pageSize);
    default:
      return from;
  }
}

export interface TypeaheadState {
  query: string;
  /** When the last character was typed (ms, any monotonic clock). */
  at: number;
}

/** Lower case without accents, so 'e' finds 'É' and 'LA' finds 'Lagos'. */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The option a type-ahead query points to, or -1. A first letter, or the same letter pressed again,
 * moves on to the next option starting with it (cycling through the K states); a longer query stays
 * on the active option while it still matches. Labels are matched from their start, then from the
 * start of any word ('abu' finds 'FCT - Abuja').
 */
export function findByQuery(labels: readonly string[], query: string, active: number): number {
  const count = labels.length;
  const q = foldText(query);
  if (!count || !q) return -1;
  const folded = labels.map(foldText);
  const repeated = [...q].every((char) => char === q[0]);
  const start = (((repeated ? active + 1 : active) % count) + count) % count;
  const order = Array.from({ length: count }, (_, i) => (start + i) % count);
  const find = (test: (label: string) => boolean) => order.find((i) => test(folded[i]!));
  const words = (label: string) => label.split(/[^\p{L}\p{N}]+/u);
  const hit =
    find((label) => label.startsWith(q)) ??
    (repeated ? find((label) => label.startsWith(q[0]!)) : undefined) ??
    find((label) => words(label).some((word) => word.startsWith(q)));
  return hit ?? -1;
}

/**
 * One typed character: the query grows while characters come less than TYPEAHEAD_RESET_MS apart,
 * and the answer is the option it points to (-1: no match, the active option stays, and the next
 * character starts a new search).
 */
export function typeahead(
  labels: readonly string[],
  active: number,
  previous: TypeaheadState | undefined,
  char: string,
  now: number,
): { index: number; state: TypeaheadState } {
  const going = previous && previous.query && now - previous.at < TYPEAHEAD_RESET_MS;
  const query = (going ? previous.query : '') + char;
  const index = findByQuery(labels, query, active);
  return { index, state: { query: index === -1 ? '' : query, at: now } };
}

/** True while a type-ahead search is under way, so a space joins it. */
export const isTyping = (state: TypeaheadState | undefined, now: number) => !!state?.query && now - state.at < TYPEAHEAD_RESET_MS;

/** What the combobox does about a key: open at, move to, choose (and close), close, or nothing. */
export interface KeyEffect {
  /** 'move' on a closed list opens it at `index`; 'tab' chooses like 'select' but lets focus move on. */
  kind: 'open' | 'move' | 'select' | 'tab' | 'close';
  index: number;
}

export interface KeyContext {
  open: boolean;
  /** The active option while open, the chosen one (or -1) while closed. */
  current: number;
  labels: readonly string[];
  typed: TypeaheadState | undefined;
  now: number;
}

/** One key press on the combobox, from start to finish: the effect, and the type-ahead state after it. */
export function resolveKey(
  key: KeyInput,
  { open, current, labels, typed, now }: KeyContext,
): { effect: KeyEffect | null; typed: TypeaheadState | undefined } {
  let action = selectActionOf(key, open, isTyping(typed, now));
  const from = current < 0 ? 0 : current;
  if (action === 'type') {
    const found = typeahead(labels, current, typed, key.key, now);
    if (found.index >= 0) return { effect: { kind: 'move', index: found.index }, typed: found.state };
    // A space that continues no search ('f', then space to choose Female) means what a space means.
    if (key.key !== ' ') return { effect: { kind: 'move', index: from }, typed: found.state };
    action = selectActionOf(key, open);
    typed = found.state;
  }
  switch (action) {
    case null:
      return { effect: null, typed };
    case 'open':
      return { effect: { kind: 'open', index: from }, typed };
    case 'select':
    case 'tab':
    case 'close':
      return { effect: { kind: action, index: current }, typed };
    default:
      return { effect: { kind: 'move', index: moveIndex(action, current, labels.length) }, typed };
  }
}
