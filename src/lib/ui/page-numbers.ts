// The pages a pagination control shows (docs/product.md#course-pages): the first and the last, the
// current one with one page either side, and a gap ('…') wherever pages are left out. A gap of a
// single page shows that page instead, since the number takes no more room than the '…'.
export type PageItem = number | 'gap';

export function pageNumbers(current: number, total: number, margin = 1): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  const shown = new Set<number>([1, total]);
  for (let p = page - margin; p <= page + margin; p++) if (p >= 1 && p <= total) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}
