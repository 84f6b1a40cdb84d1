import { describe, expect, it } from 'vitest';
import { MENU_GAP, MENU_MAX_HEIGHT, MENU_MIN_HEIGHT, placeMenu, scrollTopToReveal } from './select-menu.ts';

// 37 states at 44 px plus the list's padding and border: far taller than 300 px.
const STATES_HEIGHT = 37 * 44 + 10;
const GENDER_HEIGHT = 3 * 44 + 10;
/** A 48 px field box with its top at `top`, in a viewport `height` tall. */
const field = (top: number, height = 800) => ({ anchorTop: top, anchorBottom: top + 48, viewportHeight: height });

describe('placeMenu', () => {
  it('uses the reading taken: max 300, min 140', () => {
    expect([MENU_MAX_HEIGHT, MENU_MIN_HEIGHT]).toEqual([300, 140]);
  });

  it('opens below, at most 300 px tall, when there is room', () => {
    const placed = placeMenu({ ...field(100), contentHeight: STATES_HEIGHT });
    expect(placed).toEqual({ side: 'below', maxHeight: 300, offset: 148 + MENU_GAP });
  });

  it('keeps a short list its own height (no padding it to 140 px)', () => {
    const placed = placeMenu({ ...field(100), contentHeight: GENDER_HEIGHT });
    expect(placed.side).toBe('below');
    expect(placed.maxHeight).toBeGreaterThanOrEqual(GENDER_HEIGHT);
  });

  it('stays below, shortened, while at least 140 px fit there', () => {
    // 800 - 648 - 4 - 8 = 140 px below, 588 above: below still holds the minimum.
    const placed = placeMenu({ ...field(600), contentHeight: STATES_HEIGHT });
    expect(placed).toEqual({ side: 'below', maxHeight: 140, offset: 648 + MENU_GAP });
    expect(placeMenu({ ...field(400), contentHeight: STATES_HEIGHT }).maxHeight).toBe(300);
  });

  it('flips above the field when less than 140 px fit below', () => {
    const placed = placeMenu({ ...field(610), contentHeight: STATES_HEIGHT });
    expect(placed.side).toBe('above');
    expect(placed.maxHeight).toBe(300);
    // The list's bottom sits MENU_GAP above the field's top.
    expect(placed.offset).toBe(800 - 610 + MENU_GAP);
  });

  it('flips above, shortened to the room there, when that is still more than below', () => {
    const placed = placeMenu({ anchorTop: 200, anchorBottom: 248, viewportHeight: 360, contentHeight: STATES_HEIGHT });
    // 100 px below, 188 above.
    expect(placed).toEqual({ side: 'above', maxHeight: 188, offset: 360 - 200 + MENU_GAP });
  });

  it('on a screen too short for 140 px either side, takes the larger side and never leaves the viewport', () => {
    const placed = placeMenu({ anchorTop: 60, anchorBottom: 108, viewportHeight: 220, contentHeight: STATES_HEIGHT });
    // 100 px below, 48 above.
    expect(placed).toEqual({ side: 'below', maxHeight: 100, offset: 108 + MENU_GAP });
    expect(placeMenu({ anchorTop: 0, anchorBottom: 48, viewportHeight: 40, contentHeight: 100 }).maxHeight).toBe(0);
  });

  it('flips a short list only when the whole of it does not fit below', () => {
    expect(placeMenu({ ...field(590), contentHeight: GENDER_HEIGHT }).side).toBe('below');
    const flipped = placeMenu({ ...field(700), contentHeight: GENDER_HEIGHT });
    expect(flipped.side).toBe('above');
    expect(flipped.maxHeight).toBeGreaterThanOrEqual(GENDER_HEIGHT);
  });

  it('returns whole pixels', () => {
    const placed = placeMenu({ anchorTop: 200.4, anchorBottom: 248.4, viewportHeight: 420.7, contentHeight: STATES_HEIGHT });
    expect(Number.isInteger(placed.maxHeight)).toBe(true);
  });
});

describe('scrollTopToReveal', () => {
  // A 300 px list showing options 44 px tall.
  it('leaves the scroll alone when the option is already in view', () => {
    expect(scrollTopToReveal(0, 300, 44 * 3, 44)).toBe(0);
    expect(scrollTopToReveal(100, 300, 100, 44)).toBe(100);
  });

  it('scrolls down just enough to show an option below the view', () => {
    expect(scrollTopToReveal(0, 300, 44 * 24, 44)).toBe(44 * 25 - 300);
  });

  it('scrolls up to an option above the view', () => {
    expect(scrollTopToReveal(600, 300, 44 * 2, 44)).toBe(88);
    expect(scrollTopToReveal(600, 300, 0, 44)).toBe(0);
  });
});
