// The one-time-code boxes' arithmetic, apart from React so it can be tested alone: the field's value
// is one string of digits, each box shows one of them.

/** Only the digits of what was typed or pasted ('123 456', '12-34-56' -> '123456'). */
export const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Writes what was typed or pasted into box `index`: one digit replaces that box; several (a paste,
 * or a phone's autofill into one box) fill the boxes from there on. Returns the new value and the
 * box to focus next.
 */
export function enterDigits(value: string, index: number, input: string, length: number): { value: string; focus: number } {
  const digits = digitsOf(input);
  const boxes = Array.from({ length }, (_, i) => value[i] ?? '');
  if (!digits) return { value: boxes.join(''), focus: index };
  // A whole code pasted anywhere is the whole code.
  const start = digits.length >= length ? 0 : index;
  const written = digits.slice(0, length - start).split('');
  written.forEach((digit, offset) => (boxes[start + offset] = digit));
  const next = start + written.length;
  return { value: compact(boxes), focus: Math.min(next, length - 1) };
}

/** Empties box `index`, keeping the others where they are. */
export function clearDigit(value: string, index: number, length: number): string {
  const boxes = Array.from({ length }, (_, i) => value[i] ?? '');
  boxes[index] = '';
  return compact(boxes);
}

/** The boxes as a value: digits stay in place; a gap is kept as a space so the rest do not shift. */
function compact(boxes: string[]): string {
  return boxes
    .map((digit) => digit || ' ')
    .join('')
    .trimEnd();
}
