// What the course calls accept and answer (docs/product.md#endpoints): the catalogue, a
// course's details and its related courses. The catalogue page's island and the routes share these.
import * as v from 'valibot';
import { PAGE_TOTALS, pageNumber } from '#lib/schemas/paging.ts';
import { LinkSchema, NairaSchema } from '#lib/schemas/values.ts';

export const PER_PAGE_MAX = 50;
export const PER_PAGE_DEFAULT = 10;

export const PagingQuerySchema = v.object({
  page: pageNumber('page', { min: 1, max: 100_000, fallback: 1 }),
  per_page: pageNumber('per_page', { min: 1, max: PER_PAGE_MAX, fallback: PER_PAGE_DEFAULT }),
});

export const CatalogueQuerySchema = v.object({
  ...PagingQuerySchema.entries,
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'search must be at most 100 characters')), ''),
});

const CourseCardSchema = v.pipe(
  v.object({
    course_id: v.string(),
    course_image: LinkSchema,
    title: v.string(),
    description: v.string(),
    duration: v.string(),
    price: NairaSchema,
    tutors: v.array(v.object({ name: v.string(), image: LinkSchema })),
  }),
  v.metadata({ ref: 'CourseCard' }),
);
export type CourseCard = v.InferOutput<typeof CourseCardSchema>;

const page = PAGE_TOTALS;
export const CataloguePageSchema = v.pipe(v.object({ courses: v.array(CourseCardSchema), ...page }), v.metadata({ ref: 'CataloguePage' }));
export const RelatedCoursesPageSchema = v.pipe(
  v.object({ relatedCourses: v.array(CourseCardSchema), ...page }),
  v.metadata({ ref: 'RelatedCoursesPage' }),
);

const TutorSchema = v.pipe(
  v.object({
    id: v.string(),
    full_name: v.string(),
    tutor_biography: v.string(),
    tutor_position_held: v.string(),
    image_url: LinkSchema,
  }),
  v.metadata({ ref: 'Tutor' }),
);

export const CourseDetailsSchema = v.pipe(
  v.object({
    courseDetails: v.object({
      id: v.string(),
      image_url: LinkSchema,
      title: v.string(),
      description: v.string(),
      summary: v.array(v.string()),
      duration: v.string(),
      study_mode: v.string(),
      price: NairaSchema,
    }),
    courseTutors: v.array(TutorSchema),
  }),
  v.metadata({ ref: 'CourseDetails' }),
);
export type CourseDetails = v.InferOutput<typeof CourseDetailsSchema>;
