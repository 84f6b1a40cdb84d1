// Where the select's option list goes (docs/product.md#two-readings-the-one-taken: menu height max 300, min 140): below the field
// while at least 140 px of it (or the whole of a shorter list) fits there, shortened if need be;
// otherwise above, where there is more room. Never taller than 300 px nor than the room it has, as
// the list is fixed to the viewport. A list shorter than 140 px keeps its own height: padding three
// genders out to 140 px would look broken.

export const MENU_MAX_HEIGHT = 300;
export const MENU_MIN_HEIGHT = 140;
/** Between the field's box and the list. */
export const MENU_GAP = 4;
/** Kept free between the list and the viewport's edge. */
const MENU_MARGIN = 8;

export interface MenuPlacementInput {
  /** The field box's top and bottom, in viewport pixels (getBoundingClientRect). */
  anchorTop: number;
  anchorBottom: number;
  viewportHeight: number;
  /** The list's full height with every option shown (scrollHeight plus borders). */
  contentHeight: number;
  max?: number;
  min?: number;
  gap?: number;
  margin?: number;
}

export interface MenuPlacement {
  side: 'below' | 'above';
  maxHeight: number;
  /** For 'below': the list's top; for 'above': the distance from the viewport's bottom to the list's bottom. */
  offset: number;
}

export function placeMenu({
  anchorTop,
  anchorBottom,
  viewportHeight,
  contentHeight,
  max = MENU_MAX_HEIGHT,
  min = MENU_MIN_HEIGHT,
  gap = MENU_GAP,
  margin = MENU_MARGIN,
}: MenuPlacementInput): MenuPlacement {
  const below = viewportHeight - anchorBottom - gap - margin;
  const above = anchorTop - gap - margin;
  const floor = Math.min(min, contentHeight);
  const side = below >= floor || below >= above ? 'below' : 'above';
  const room = side === 'below' ? below : above;
  return {
    side,
    maxHeight: Math.max(0, Math.floor(Math.min(max, room))),
    offset: side === 'below' ? anchorBottom + gap : viewportHeight - anchorTop + gap,
  };
}

/** The list's scrollTop that brings an option fully into view with the least movement. */
export function scrollTopToReveal(scrollTop: number, viewHeight: number, itemTop: number, itemHeight: number): number {
  if (itemTop < scrollTop) return itemTop;
  if (itemTop + itemHeight > scrollTop + viewHeight) return itemTop + itemHeight - viewHeight;
  return scrollTop;
}
