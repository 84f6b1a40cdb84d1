// The learning feature's calls from the browser (docs/product.md#dashboard-routes): an enrolled
// student's course with its materials, and ticking a material as completed.
import { http } from '#lib/http.ts';
import { CourseMaterialsSchema, MaterialProgressSchema } from './schemas.ts';

const coursePath = (courseId: string) => `user/student/courses/${encodeURIComponent(courseId)}`;

export const learningApi = {
  /** No toast: the page itself says why (not enrolled, or could not load). */
  materials: (courseId: string) => http.get(coursePath(courseId), { data: CourseMaterialsSchema, toastError: false }),
  /** The HTTP client's toast says why a save failed; the caller reverts the checkbox. */
  setCompleted: (courseId: string, materialId: string, completed: boolean) =>
    http.put(`${coursePath(courseId)}/materials/${encodeURIComponent(materialId)}`, { completed }, { data: MaterialProgressSchema }),
};
