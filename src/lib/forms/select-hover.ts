// The select's hover behaviour (docs/product.md#limits-and-timings 'Dropdown open delay 200 ms'): a mouse resting on the field
// opens the list after 200 ms, and leaving the field and the list closes it after the same delay,
// so crossing the gap between them or brushing past the field does nothing. Only a mouse hovers:
// touch and pen open on the tap itself. One pending timer: entering cancels a pending close and
// leaving cancels a pending open.
export const DROPDOWN_OPEN_DELAY_MS = 200;

export interface HoverIntent {
  enter(pointerType: string, open: () => void): void;
  leave(pointerType: string, close: () => void): void;
  /** Drop whatever is pending (a click, a key, the field going away). */
  cancel(): void;
}

export function createHoverIntent(delayMs = DROPDOWN_OPEN_DELAY_MS): HoverIntent {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const later = (pointerType: string, run: () => void) => {
    if (pointerType !== 'mouse') return;
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, delayMs);
  };
  return { enter: later, leave: later, cancel };
}
