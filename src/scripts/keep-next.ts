// The login and signup pages link to each other: the way back (?next=, e.g. a course's checkout)
// goes along, so choosing the other one on the way to paying does not lose the course.
import { nextFromQuery, withNext } from '#lib/navigation.ts';

export function keepNext() {
  const next = nextFromQuery();
  if (!next) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-keep-next]')) link.href = withNext(link.pathname, next);
}
