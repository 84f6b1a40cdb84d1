import { describe, expect, it } from 'vitest';
import {
  findByQuery,
  foldText,
  isTyping,
  moveIndex,
  PAGE_SIZE,
  resolveKey,
  selectActionOf,
  typeahead,
  TYPEAHEAD_RESET_MS,
  type KeyContext,
  type SelectAction,
  type TypeaheadState,
} from './select-keys.ts';
import { NIGERIAN_STATES } from '#lib/schemas/nigeria.ts';

const STATES: readonly string[] = NIGERIAN_STATES;
const GENDERS = ['Male', 'Female', 'Other'];
const at = (label: string) => STATES.indexOf(label);

/** Types `text` one character at a time, `gap` ms apart, from the active option `active`. */
function typeText(labels: readonly string[], text: string, active = -1, gap = 50) {
  let state: TypeaheadState | undefined;
  let index = active;
  [...text].forEach((char, i) => {
    const found = typeahead(labels, index, state, char, 1000 + i * gap);
    state = found.state;
    if (found.index >= 0) index = found.index;
  });
  return { index, state };
}

describe('selectActionOf', () => {
  const closed = (key: string, mods = {}) => selectActionOf({ key, ...mods }, false);
  const open = (key: string, mods = {}, typing = false) => selectActionOf({ key, ...mods }, true, typing);

  it('opens a closed list on Enter, Space, ArrowDown, Alt+ArrowDown and ArrowUp', () => {
    expect(STATES).toHaveLength(37);
    for (const key of ['Enter', ' ', 'ArrowDown', 'ArrowUp']) expect(closed(key)).toBe('open');
    expect(closed('ArrowDown', { altKey: true })).toBe('open');
  });

  it('opens a closed list at the first or last option on Home and End', () => {
    expect(closed('Home')).toBe('first');
    expect(closed('End')).toBe('last');
  });

  it('leaves Tab, Escape, PageUp/PageDown and arrows across to the page while closed', () => {
    for (const key of ['Tab', 'Escape', 'PageUp', 'PageDown', 'ArrowLeft', 'ArrowRight', 'Shift', 'F5']) expect(closed(key)).toBeNull();
  });

  it('moves through an open list with arrows, Home/End and PageUp/PageDown', () => {
    const expected: Record<string, SelectAction> = {
      ArrowDown: 'next',
      ArrowUp: 'previous',
      Home: 'first',
      End: 'last',
      PageUp: 'pageUp',
      PageDown: 'pageDown',
    };
    for (const [key, action] of Object.entries(expected)) expect(open(key)).toBe(action);
  });

  it('selects on Enter, Space and Alt+ArrowUp, selects and moves on with Tab, and closes on Escape', () => {
    expect(open('Enter')).toBe('select');
    expect(open(' ')).toBe('select');
    expect(open('ArrowUp', { altKey: true })).toBe('select');
    expect(open('Tab')).toBe('tab');
    expect(open('Tab', { shiftKey: true })).toBe('tab');
    expect(open('Escape')).toBe('close');
    expect(open('ArrowDown', { altKey: true })).toBeNull();
  });

  it('treats printable characters as type-ahead, open or closed', () => {
    for (const key of ['l', 'L', 'a', '1', 'é', '-']) {
      expect(closed(key)).toBe('type');
      expect(open(key)).toBe('type');
    }
  });

  it('lets a space join a type-ahead search under way instead of selecting', () => {
    expect(open(' ', {}, true)).toBe('type');
    expect(selectActionOf({ key: ' ' }, false, true)).toBe('type');
  });

  it('leaves shortcuts with Ctrl, Meta or Alt and a letter to the browser', () => {
    expect(closed('a', { ctrlKey: true })).toBeNull();
    expect(open('l', { metaKey: true })).toBeNull();
    expect(open('Home', { ctrlKey: true })).toBeNull();
    expect(closed('d', { altKey: true })).toBeNull();
  });

  it('ignores Backspace, Unidentified and multi-character key names', () => {
    expect(open('Backspace')).toBeNull();
    expect(open('Unidentified')).toBeNull();
    expect(closed('Dead')).toBeNull();
  });
});

describe('moveIndex', () => {
  const n = STATES.length;

  it('steps by one and stops at the ends (no wrapping)', () => {
    expect(moveIndex('next', 0, n)).toBe(1);
    expect(moveIndex('next', n - 1, n)).toBe(n - 1);
    expect(moveIndex('previous', 5, n)).toBe(4);
    expect(moveIndex('previous', 0, n)).toBe(0);
  });

  it('jumps to the first and last option', () => {
    expect(moveIndex('first', 20, n)).toBe(0);
    expect(moveIndex('last', 2, n)).toBe(36);
  });

  it('pages by ten, clamped to the list', () => {
    expect(PAGE_SIZE).toBe(10);
    expect(moveIndex('pageDown', 0, n)).toBe(10);
    expect(moveIndex('pageDown', 30, n)).toBe(36);
    expect(moveIndex('pageUp', 25, n)).toBe(15);
    expect(moveIndex('pageUp', 4, n)).toBe(0);
  });

  it('starts from the first option when nothing is active, and from inside the list when out of range', () => {
    expect(moveIndex('next', -1, n)).toBe(0);
    expect(moveIndex('previous', -1, n)).toBe(0);
    expect(moveIndex('previous', 99, 3)).toBe(1);
  });

  it('returns -1 for an empty list and the same option for a non-moving action', () => {
    expect(moveIndex('next', 0, 0)).toBe(-1);
    expect(moveIndex('select', 7, n)).toBe(7);
  });
});

describe('type-ahead', () => {
  it("goes to Lagos on 'la' among the 37 states", () => {
    expect(typeText(STATES, 'la').index).toBe(at('Lagos'));
    expect(typeText(STATES, 'LA').index).toBe(at('Lagos'));
    expect(typeText(STATES, 'la', at('Zamfara')).index).toBe(at('Lagos'));
  });

  it('keeps the matching option while the query grows, instead of skipping to the next match', () => {
    expect(typeText(STATES, 'k').index).toBe(at('Kaduna'));
    expect(typeText(STATES, 'ka').index).toBe(at('Kaduna'));
    expect(typeText(STATES, 'kan').index).toBe(at('Kano'));
    expect(typeText(STATES, 'kat').index).toBe(at('Katsina'));
    expect(typeText(STATES, 'ke').index).toBe(at('Kebbi'));
  });

  it('cycles through the options starting with a letter typed again', () => {
    expect(typeText(STATES, 'kk').index).toBe(at('Kano'));
    expect(typeText(STATES, 'kkkkk').index).toBe(at('Kogi'));
    expect(typeText(STATES, 'kkkkkkk').index).toBe(at('Kaduna'));
    // The same letter after a pause: the next K state from the active one.
    expect(typeText(STATES, 'k', at('Kano')).index).toBe(at('Katsina'));
  });

  it('starts a new search after a pause of TYPEAHEAD_RESET_MS', () => {
    const l = typeahead(STATES, -1, undefined, 'l', 0);
    expect(l.index).toBe(at('Lagos'));
    const o = typeahead(STATES, l.index, l.state, 'o', TYPEAHEAD_RESET_MS - 1);
    expect(o.index).toBe(-1); // 'lo' matches nothing
    const later = typeahead(STATES, l.index, l.state, 'o', TYPEAHEAD_RESET_MS);
    expect(later.index).toBe(at('Ogun'));
    expect(later.state.query).toBe('o');
  });

  it('finds FCT - Abuja by its first letters or by a later word', () => {
    expect(typeText(STATES, 'f').index).toBe(at('FCT - Abuja'));
    expect(typeText(STATES, 'fct - a').index).toBe(at('FCT - Abuja'));
    expect(typeText(STATES, 'abu').index).toBe(at('FCT - Abuja'));
    expect(typeText(STATES, 'ab').index).toBe(at('Abia'));
    expect(typeText(STATES, 'ibom').index).toBe(at('Akwa Ibom'));
  });

  it('keeps the active option and starts over when nothing matches', () => {
    const { index, state } = typeText(STATES, 'lx', at('Abia'));
    expect(index).toBe(at('Lagos'));
    expect(state?.query).toBe('');
    expect(typeText(STATES, 'q', at('Edo')).index).toBe(at('Edo'));
  });

  it('ignores case and accents', () => {
    expect(foldText('ÉKITI')).toBe('ekiti');
    expect(findByQuery(['Zoë', 'Ébonyi'], 'e', -1)).toBe(1);
    expect(findByQuery(['Zoë', 'Ébonyi'], 'zoe', -1)).toBe(0);
  });

  it('works on short lists such as gender', () => {
    expect(typeText(GENDERS, 'f').index).toBe(1);
    expect(typeText(GENDERS, 'o').index).toBe(2);
    expect(typeText(GENDERS, 'm', 1).index).toBe(0);
    expect(findByQuery([], 'a', 0)).toBe(-1);
    expect(findByQuery(GENDERS, '', 0)).toBe(-1);
  });

  it('reports whether a search is under way, for the space key', () => {
    expect(isTyping(undefined, 0)).toBe(false);
    expect(isTyping({ query: 'fct', at: 100 }, 100 + TYPEAHEAD_RESET_MS - 1)).toBe(true);
    expect(isTyping({ query: 'fct', at: 100 }, 100 + TYPEAHEAD_RESET_MS)).toBe(false);
    expect(isTyping({ query: '', at: 100 }, 101)).toBe(false);
  });
});

describe('resolveKey', () => {
  const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({
    open: false,
    current: -1,
    labels: STATES,
    typed: undefined,
    now: 1000,
    ...over,
  });

  it('opens a closed list at the chosen option, or the first when none is chosen', () => {
    expect(resolveKey({ key: 'ArrowDown' }, ctx()).effect).toEqual({ kind: 'open', index: 0 });
    expect(resolveKey({ key: 'Enter' }, ctx({ current: at('Lagos') })).effect).toEqual({ kind: 'open', index: at('Lagos') });
    expect(resolveKey({ key: 'End' }, ctx()).effect).toEqual({ kind: 'move', index: 36 });
  });

  it('moves, selects, tabs and closes an open list from the active option', () => {
    const open = ctx({ open: true, current: 5 });
    expect(resolveKey({ key: 'ArrowDown' }, open).effect).toEqual({ kind: 'move', index: 6 });
    expect(resolveKey({ key: 'PageUp' }, open).effect).toEqual({ kind: 'move', index: 0 });
    expect(resolveKey({ key: 'Enter' }, open).effect).toEqual({ kind: 'select', index: 5 });
    expect(resolveKey({ key: 'Tab' }, open).effect).toEqual({ kind: 'tab', index: 5 });
    expect(resolveKey({ key: 'Escape' }, open).effect).toEqual({ kind: 'close', index: 5 });
    expect(resolveKey({ key: 'ArrowLeft' }, open).effect).toBeNull();
  });

  it("types 'l' then 'a' to Lagos, keeping the search between keys", () => {
    const l = resolveKey({ key: 'l' }, ctx());
    expect(l.effect).toEqual({ kind: 'move', index: at('Lagos') });
    const la = resolveKey({ key: 'a' }, ctx({ open: true, current: at('Lagos'), typed: l.typed, now: 1100 }));
    expect(la.effect).toEqual({ kind: 'move', index: at('Lagos') });
    expect(la.typed?.query).toBe('la');
  });

  it("lets a space continue a search that still matches ('fct ' stays on FCT - Abuja)", () => {
    let typed: KeyContext['typed'];
    let current = -1;
    for (const [i, key] of [...'fct '].entries()) {
      const out = resolveKey({ key }, ctx({ open: i > 0, current, typed, now: 1000 + i * 50 }));
      expect(out.effect?.kind).toBe('move');
      current = out.effect!.index;
      typed = out.typed;
    }
    expect(STATES[current]).toBe('FCT - Abuja');
    expect(typed?.query).toBe('fct ');
  });

  it("makes a space that continues no search choose ('f', then space, picks Female)", () => {
    const f = resolveKey({ key: 'f' }, ctx({ labels: GENDERS }));
    expect(f.effect).toEqual({ kind: 'move', index: 1 });
    const space = resolveKey({ key: ' ' }, ctx({ labels: GENDERS, open: true, current: 1, typed: f.typed, now: 1100 }));
    expect(space.effect).toEqual({ kind: 'select', index: 1 });
    expect(space.typed?.query).toBe('');
  });

  it('keeps the active option on a letter that matches nothing, opening a closed list', () => {
    expect(resolveKey({ key: 'q' }, ctx({ current: at('Edo') })).effect).toEqual({ kind: 'move', index: at('Edo') });
    expect(resolveKey({ key: 'q' }, ctx()).effect).toEqual({ kind: 'move', index: 0 });
  });

  it('does nothing for an empty list but open (which the field then refuses)', () => {
    expect(resolveKey({ key: 'ArrowDown' }, ctx({ labels: [], open: true, current: -1 })).effect).toEqual({ kind: 'move', index: -1 });
    expect(resolveKey({ key: 'a' }, ctx({ labels: [] })).effect).toEqual({ kind: 'move', index: 0 });
  });
});
