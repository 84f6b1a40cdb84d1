// Paged lists (docs/product.md#api-conventions): `page` and `per_page` arrive as query text and are
// checked as whole numbers in bounds; the answer says how many pages and items there are.
import * as v from 'valibot';

export const pageNumber = (name: string, { min, max, fallback }: { min: number; max: number; fallback: number }) =>
  v.pipe(
    v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,6}$/, `${name} must be a whole number from ${min} to ${max}`),
        v.transform(Number),
        v.minValue(min, `${name} must be a whole number from ${min} to ${max}`),
        v.maxValue(max, `${name} must be a whole number from ${min} to ${max}`),
      ),
      String(fallback),
    ),
    // The query string carries text; the document says what the text must be: a whole number in bounds.
    v.metadata({ type: 'integer', minimum: min, maximum: max, default: fallback, pattern: undefined }),
  );

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The totals beside a page's items: `{...items, ...PAGE_TOTALS}`. */
export const PAGE_TOTALS = { total_pages: count, total_count: count };
