// The course page's call (docs/product.md#dashboard-routes): an enrolled course with its materials,
// each with a signed link that expires. Apart from ./api.ts, which My courses loads too. The answer
// is read as the server wrote it (`trusted`: lib/http.ts says why), typed by ./material-schemas.ts.
import { http, trusted } from '#lib/http.ts';
import { coursePath } from './api.ts';
import type { CourseMaterials } from './material-schemas.ts';

export const materialsApi = {
  /** No toast: the page itself says why (not enrolled, or could not load). */
  materials: (courseId: string) => http.get(coursePath(courseId), { data: trusted<CourseMaterials>(), toastError: false }),
};
