// The learning feature's calls from the browser (docs/product.md#dashboard-routes): the student's
// courses with progress, an enrolled course with its materials, and ticking a material as completed.
import { http } from '#lib/http.ts';
import { CourseMaterialsSchema, MaterialProgressSchema, MyCoursesSchema } from './schemas.ts';

const coursePath = (courseId: string) => `user/student/courses/${encodeURIComponent(courseId)}`;

export const learningApi = {
  myCourses: () => http.get('user/student/courses', { data: MyCoursesSchema }),
  /** No toast: the page itself says why (not enrolled, or could not load). */
  materials: (courseId: string) => http.get(coursePath(courseId), { data: CourseMaterialsSchema, toastError: false }),
  /**
   * The HTTP client's toast says why a save failed; the caller reverts the checkbox. A tick that met
   * an ended session is sent again once the student has logged back in.
   */
  setCompleted: (courseId: string, materialId: string, completed: boolean) =>
    http.put(
      `${coursePath(courseId)}/materials/${encodeURIComponent(materialId)}`,
      { completed },
      { data: MaterialProgressSchema, replayable: true },
    ),
};
