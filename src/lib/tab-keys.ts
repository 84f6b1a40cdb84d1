// Where a key moves focus in a WAI-ARIA tab list (the settings page's tabs, a course page's tutors).
/**
 * The index a key moves to among `count` tabs: the arrows (either reading direction) wrap around,
 * Home and End go to the ends. Null for any other key.
 */
export function tabIndexAfterKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowUp':
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
