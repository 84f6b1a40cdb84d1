// The console's lesson calls (docs/product.md#lessons): each names the schema of the data it expects,
// from the lessons' own schemas (src/lib/schemas/lessons.ts, shared with the routes).
import * as v from 'valibot';
import { LessonSchema, LessonsSchema } from '#lib/schemas/lessons.ts';
import { staffHttp } from './http.ts';

const id = encodeURIComponent;
const lessonsOf = (courseId: string) => `courses/${id(courseId)}/lessons`;

export interface NewLesson {
  title: string;
  kind: 'video' | 'pdf';
  upload: string;
  position?: number;
  captions_upload?: string;
}
export type LessonChange = Partial<Pick<NewLesson, 'title' | 'position' | 'upload' | 'captions_upload'>>;

export const lessonApi = {
  list: (courseId: string) => staffHttp.get(lessonsOf(courseId), { data: LessonsSchema }),
  // A refused file's reason is said in the form, next to the file: no toast on top of it.
  create: (courseId: string, lesson: NewLesson) =>
    staffHttp.post(lessonsOf(courseId), lesson, { data: LessonSchema, toastSuccess: true, toastError: false }),
  change: (courseId: string, lessonId: string, change: LessonChange, quiet = false) =>
    staffHttp.patch(`${lessonsOf(courseId)}/${id(lessonId)}`, change, {
      data: LessonSchema,
      toastSuccess: !quiet,
      toastError: !('upload' in change || 'captions_upload' in change),
    }),
  retire: (courseId: string, lessonId: string) =>
    staffHttp.post(`${lessonsOf(courseId)}/${id(lessonId)}/retire`, {}, { data: v.unknown(), toastSuccess: true }),
};
