// What a catalogue search says about its results: how many courses match the words, or that none
// does. 'Nothing to show yet!' (docs/product.md#course-pages) reads as 'there are no courses at
// all', which is the empty catalogue's text, not a search's; a search names its words so the
// student can see what was looked for, and the text is read out politely as it changes.
export function searchSummary(count: number, search: string): string {
  const words = `“${search}”`;
  if (count === 0) return `No course matches ${words}. Try other words, or clear the search to see every course.`;
  return count === 1 ? `1 course matches ${words}` : `${count.toLocaleString('en-NG')} courses match ${words}`;
}
