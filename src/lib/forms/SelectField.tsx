// A choice from a list (gender, state, country: docs/product.md#form-fields) as the WAI-ARIA APG select-only combobox
// (docs/decisions/005-custom-select.md): a button with role="combobox" that keeps focus and points
// at the active option with aria-activedescendant, and a role="listbox" popup. The keyboard,
// type-ahead, placement and hover timing live in select-keys.ts, select-menu.ts, select-hover.ts.
// The field's value is the chosen option's value string ('' for none), as the API wants it.
import { useEffect, useEffectEvent, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FieldShell } from './FieldShell.tsx';
import { createHoverIntent } from './select-hover.ts';
import { resolveKey, type TypeaheadState } from './select-keys.ts';
import { placeMenu, scrollTopToReveal } from './select-menu.ts';
import { Chevron } from './Chevron.tsx';
import { CheckMark } from './StatusIcon.tsx';
import { useFieldView } from './use-field-view.ts';
import './select-field.css';

export interface SelectOption {
  label: string;
  value: string;
}

export interface SelectFieldProps {
  label: string;
  options: readonly SelectOption[];
  /** Shown while nothing is chosen, e.g. 'Select state'; the field's value is '' then. */
  placeholder?: string;
  /** Kept for callers of the native select this replaced; a custom listbox cannot be autofilled. */
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  /** Shown and focusable but not changeable (the list does not open). */
  readOnly?: boolean;
  hint?: ReactNode;
}

/** How the list was opened: a passing mouse closes it again on leaving; a click, tap or key keeps it. */
type Opener = 'hover' | 'intent';

export function SelectField({ label, options, placeholder = 'Select an option', required, disabled, readOnly, hint }: SelectFieldProps) {
  const view = useFieldView<string>({ hint: !!hint });
  const value = view.value ?? '';
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [hover] = useState(createHoverIntent);
  const openedBy = useRef<Opener | null>(null);
  const typed = useRef<TypeaheadState | undefined>(undefined);
  const pressed = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const labels = useMemo(() => options.map((option) => option.label), [options]);
  const selectedIndex = options.findIndex((option) => option.value === value);
  const selected = options[selectedIndex];
  const current = open ? Math.min(active, options.length - 1) : selectedIndex;

  const markLeft = () => view.controlProps.onBlur();

  const openMenu = (index: number, by: Opener) => {
    hover.cancel();
    if (disabled || readOnly || !options.length) return;
    openedBy.current = by;
    setActive(Math.max(0, index));
    setOpen(true);
  };

  /** Closes the list, choosing `commit` if given. A deliberate close marks the field as left (touched). */
  const closeMenu = ({ commit, mark = true }: { commit?: number; mark?: boolean } = {}) => {
    hover.cancel();
    const by = openedBy.current;
    if (!by) return;
    openedBy.current = null;
    setOpen(false);
    const option = commit === undefined ? undefined : options[commit];
    if (option && option.value !== value) view.change(option.value);
    if (mark && (by === 'intent' || option)) markLeft();
  };

  const moveTo = (index: number) => {
    if (index < 0) return;
    if (!openedBy.current) return openMenu(index, 'intent');
    openedBy.current = 'intent';
    setActive(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (readOnly) return;
    const { effect, typed: typedNext } = resolveKey(event, { open, current, labels, typed: typed.current, now: event.timeStamp });
    typed.current = typedNext;
    if (!effect) return;
    // Tab keeps what the person moved to (APG), but not the option a passing mouse happened to show.
    if (effect.kind === 'tab') return closeMenu(openedBy.current === 'intent' ? { commit: effect.index } : {});
    event.preventDefault();
    if (effect.kind === 'open') openMenu(effect.index, 'intent');
    else if (effect.kind === 'close') closeMenu();
    else if (effect.kind === 'select') closeMenu({ commit: effect.index });
    else moveTo(effect.index);
  };

  const choose = (index: number) => {
    closeMenu({ commit: index });
    buttonRef.current?.focus();
  };

  // Place the list in the top layer (popover), so no card's overflow or sticky header hides it, at
  // fixed coordinates under or over the field box; again whenever the page scrolls or resizes.
  const place = useEffectEvent(() => {
    const list = listRef.current;
    const box = buttonRef.current?.closest('.field-box') ?? buttonRef.current;
    if (!list || !box) return;
    const rect = box.getBoundingClientRect();
    const borders = list.offsetHeight - list.clientHeight;
    const where = placeMenu({
      anchorTop: rect.top,
      anchorBottom: rect.bottom,
      viewportHeight: document.documentElement.clientHeight,
      contentHeight: list.scrollHeight + borders,
    });
    list.dataset.side = where.side;
    Object.assign(list.style, {
      left: `${rect.left}px`,
      width: `${rect.width}px`,
      maxHeight: `${where.maxHeight}px`,
      top: where.side === 'below' ? `${where.offset}px` : 'auto',
      bottom: where.side === 'above' ? `${where.offset}px` : 'auto',
    });
  });
  const onOutsidePointer = useEffectEvent((event: PointerEvent) => {
    const target = event.target as Node;
    if (!buttonRef.current?.contains(target) && !listRef.current?.contains(target)) closeMenu();
  });
  const onDocumentKey = useEffectEvent((event: globalThis.KeyboardEvent) => {
    // WCAG 1.4.13: a list a mouse opened can be dismissed with Escape wherever focus is.
    if (event.key === 'Escape' && event.target !== buttonRef.current) closeMenu();
  });

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!open || !list) return;
    if ('showPopover' in list && !list.matches(':popover-open')) list.showPopover();
    place();
    let frame = 0;
    const replace = (event: Event) => {
      if (event.target === list) return; // the list scrolling through its own options
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => place());
    };
    window.addEventListener('scroll', replace, { capture: true, passive: true });
    window.addEventListener('resize', replace);
    document.addEventListener('pointerdown', onOutsidePointer);
    document.addEventListener('keydown', onDocumentKey);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', replace, { capture: true });
      window.removeEventListener('resize', replace);
      document.removeEventListener('pointerdown', onOutsidePointer);
      document.removeEventListener('keydown', onDocumentKey);
      if ('hidePopover' in list && list.matches(':popover-open')) list.hidePopover();
    };
  }, [open]);

  // Keep the active option in view as it moves.
  useLayoutEffect(() => {
    const list = listRef.current;
    const item = list?.children[current] as HTMLElement | undefined;
    if (!open || !list || !item) return;
    list.scrollTop = scrollTopToReveal(list.scrollTop, list.clientHeight, item.offsetTop, item.offsetHeight);
  }, [open, current]);

  useEffect(() => () => hover.cancel(), [hover]);

  const hoverOpen = (pointerType: string) =>
    hover.enter(pointerType, () => {
      if (!openedBy.current) openMenu(selectedIndex, 'hover');
    });
  const hoverClose = (pointerType: string) =>
    hover.leave(pointerType, () => {
      if (openedBy.current === 'hover') closeMenu();
    });

  return (
    <FieldShell label={label} labelId={labelId} {...view.shell} hint={hint} disabled={disabled} className="field-select">
      <button
        ref={buttonRef}
        {...view.controlProps}
        type="button"
        role="combobox"
        className="field-control field-select-control"
        aria-labelledby={labelId}
        aria-controls={listId}
        aria-expanded={open}
        aria-activedescendant={open && current >= 0 ? optionId(current) : undefined}
        aria-required={required || undefined}
        aria-readonly={readOnly || undefined}
        disabled={disabled}
        data-empty={!selected || undefined}
        onBlur={() => {
          closeMenu({ mark: false });
          markLeft();
        }}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          pressed.current = event.button === 0;
        }}
        onClick={() => {
          // A click forwarded by the <label>, or made by a key, only focuses (APG); keys are handled above.
          const byPointer = pressed.current;
          pressed.current = false;
          if (!byPointer || readOnly) return buttonRef.current?.focus();
          if (openedBy.current === 'hover') openedBy.current = 'intent';
          else if (openedBy.current) closeMenu();
          else openMenu(selectedIndex, 'intent');
        }}
        onPointerEnter={(event) => hoverOpen(event.pointerType)}
        onPointerLeave={(event) => hoverClose(event.pointerType)}
      >
        <span className="field-select-value">{selected?.label ?? (value || placeholder)}</span>
        <Chevron />
      </button>
      {/* Focus stays on the combobox, which handles every key; the list only takes pointer input. */}
      {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events */}
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        tabIndex={-1}
        className="field-select-listbox"
        popover="manual"
        hidden={!open}
        // Keep focus on the combobox when an option is pressed.
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
          if (option) choose(Number(option.dataset.index));
        }}
        onPointerEnter={(event) => hoverOpen(event.pointerType)}
        onPointerLeave={(event) => hoverClose(event.pointerType)}
      >
        {options.map((option, index) => (
          <div
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === selectedIndex}
            data-index={index}
            data-active={(open && index === current) || undefined}
            className="field-select-option"
          >
            <CheckMark className="field-select-check" />
            {option.label}
          </div>
        ))}
      </div>
    </FieldShell>
  );
}
