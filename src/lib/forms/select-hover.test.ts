import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoverIntent, DROPDOWN_OPEN_DELAY_MS } from './select-hover.ts';

describe('createHoverIntent', () => {
  const open = vi.fn<() => void>();
  const close = vi.fn<() => void>();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    open.mockReset();
    close.mockReset();
  });

  it('opens 200 ms after a mouse enters (docs/product.md#limits-and-timings), not before', () => {
    expect(DROPDOWN_OPEN_DELAY_MS).toBe(200);
    const hover = createHoverIntent();
    hover.enter('mouse', open);
    vi.advanceTimersByTime(199);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledOnce();
  });

  it('does nothing when the mouse only brushes past', () => {
    const hover = createHoverIntent();
    hover.enter('mouse', open);
    vi.advanceTimersByTime(120);
    hover.leave('mouse', close);
    vi.advanceTimersByTime(1000);
    expect(open).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalledOnce(); // closing a list that never opened is a no-op for the field
  });

  it('closes 200 ms after the mouse leaves, unless it comes back (crossing from field to list)', () => {
    const hover = createHoverIntent();
    hover.leave('mouse', close);
    vi.advanceTimersByTime(150);
    hover.enter('mouse', open);
    vi.advanceTimersByTime(1000);
    expect(close).not.toHaveBeenCalled();

    hover.leave('mouse', close);
    vi.advanceTimersByTime(199);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledOnce();
  });

  it('ignores touch and pen, which open on the tap itself', () => {
    const hover = createHoverIntent();
    hover.enter('touch', open);
    hover.leave('touch', close);
    hover.enter('pen', open);
    vi.advanceTimersByTime(1000);
    expect(open).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  it('drops a pending open or close on cancel (a click or a key came first)', () => {
    const hover = createHoverIntent();
    hover.enter('mouse', open);
    hover.cancel();
    vi.advanceTimersByTime(1000);
    expect(open).not.toHaveBeenCalled();
    hover.cancel(); // nothing pending: harmless
  });

  it('takes another delay', () => {
    const hover = createHoverIntent(50);
    hover.enter('mouse', open);
    vi.advanceTimersByTime(50);
    expect(open).toHaveBeenCalledOnce();
  });
});
