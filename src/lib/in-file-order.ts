// A list file's entries (testimonials, campuses, partners) in the order the file holds them, which
// is the order staff arrange in the editor: Astro's store returns them sorted by id.
export const inFileOrder = <T extends { data: { position: number } }>(entries: T[]): T[] =>
  [...entries].sort((a, b) => a.data.position - b.data.position);
