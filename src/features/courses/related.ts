// The catalogue's ordering rules, one copy for the two catalogues: the one the pages are built from
// (content-catalogue.ts, at build time) and the one the API answers from (server/catalogue-view.ts),
// so a page's first grid and the island's later pages always agree.

/** Every other course, those sharing a tutor with this one first, then in catalogue order. */
export function relatedTo<T>(
  course: T,
  ordered: readonly T[],
  idOf: (entry: T) => string,
  tutorIdsOf: (entry: T) => readonly string[],
): T[] {
  const others = ordered.filter((entry) => idOf(entry) !== idOf(course));
  const own = tutorIdsOf(course);
  const shares = (entry: T) => tutorIdsOf(entry).some((id) => own.includes(id));
  return [...others.filter(shares), ...others.filter((entry) => !shares(entry))];
}

/** One page of a list (pages count from 1), with the totals the API gives beside it. */
export function pageOf<T>(items: readonly T[], page: number, perPage: number) {
  const start = (page - 1) * perPage;
  return { items: items.slice(start, start + perPage), total_pages: Math.ceil(items.length / perPage), total_count: items.length };
}
