// The public catalogue's calls from the browser: a page of the catalogue (search and paging) and a
// page of a course's related courses. Each call is named by its path, which is also the key the
// grid caches pages under (./ui/CourseGrid.tsx).
import { http } from '#lib/http.ts';
import { CataloguePageSchema, RelatedCoursesPageSchema } from './schemas.ts';

export interface CatalogueQuery {
  page: number;
  perPage: number;
  search: string;
}

export const cataloguePath = ({ page, perPage, search }: CatalogueQuery) => {
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (search) params.set('search', search);
  return `user/courses?${params.toString()}`;
};

export const relatedCoursesPath = (courseId: string, page: number, perPage: number) =>
  `user/courses/${encodeURIComponent(courseId)}/related-courses?page=${page}&per_page=${perPage}`;

export const coursesApi = {
  catalogue: async (path: string) => (await http.get(path, { data: CataloguePageSchema })).data,
  related: async (path: string) => {
    const { data } = await http.get(path, { data: RelatedCoursesPageSchema });
    return { courses: data.relatedCourses, total_pages: data.total_pages, total_count: data.total_count };
  },
};
