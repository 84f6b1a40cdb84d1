// 'Scholarship: LSETF Fashion Skills 2027' on a course page (docs/product.md, 'Scholarships and
// discount codes'), under Enrol Now, when a partner's scholarship is open on the course with seats
// left. Seats and dates change by the minute while the page is built once, so it is asked for when
// the page has loaded: a plain fetch and a check by hand, no schema library and no HTTP client, to
// keep a content page's script tiny. The line's room is reserved in the page, so it shifts nothing;
// with no scholarship, or no answer, it stays empty. The same answer says whether the course is for
// sale (docs/product.md, 'Courses and payments as built'): while it has no lesson, Enrol Now becomes
// 'Coming soon', text and no longer a link (checkout would refuse it anyway).

/**
 * As src/lib/api-base.ts reads it. Written here too on purpose: a module shared with the related
 * courses' island becomes a chunk of its own, one more request on every course page.
 */
const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '/api/v1/';

/** The open scholarship's name from `GET user/courses/{id}/scholarship`, or null. */
export function scholarshipName(body: unknown): string | null {
  const name = (body as { data?: { scholarship?: { name?: unknown } | null } } | null)?.data?.scholarship?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

/** False only when the answer says the course is not for sale yet; no answer keeps the page as built. */
function isForSale(body: unknown): boolean {
  return (body as { data?: { for_sale?: unknown } } | null)?.data?.for_sale !== false;
}

function comingSoon() {
  const enrol = document.querySelector<HTMLAnchorElement>('[data-course-enrol]');
  if (!enrol) return;
  enrol.textContent = 'Coming soon';
  enrol.removeAttribute('href');
}

export async function showScholarship() {
  const line = document.querySelector<HTMLElement>('[data-course-scholarship]');
  const course = line?.dataset.courseScholarship;
  if (!line || !course) return;
  try {
    const response = await fetch(`${API_BASE}user/courses/${encodeURIComponent(course)}/scholarship`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return;
    const body: unknown = await response.json();
    if (!isForSale(body)) comingSoon();
    const name = scholarshipName(body);
    if (name) line.textContent = `Scholarship: ${name}`;
  } catch {
    // Offline or refused: the page reads in full without it.
  }
}
