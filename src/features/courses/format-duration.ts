// docs/product.md#course-pages and #our-own-readings: a duration is shown as the college wrote it
// when it names months ('3 months') or another unit ('6 weeks'); a bare number of months ('4')
// gets ' month(s)' appended, word for word as specified.
const MONTHS_SUFFIX = 'month(s)';

export function formatDuration(duration: string): string {
  const text = duration.trim();
  return /^\d+(?:\.\d+)?$/.test(text) ? `${text} ${MONTHS_SUFFIX}` : text;
}
