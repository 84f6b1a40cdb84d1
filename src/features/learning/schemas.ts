// What the learning calls accept and answer (docs/product.md#dashboard-routes, 'Enrolment and
// payment' in docs/product.md#endpoints): an enrolled student's course with its materials,
// each with a signed link that expires, and ticking a material as completed. The dashboard's course
// page and the routes share these. What only the routes read (a tick's body, a signed link's query)
// is in ./server/input-schemas.ts: the browser never builds those, so it does not carry them.
import * as v from 'valibot';
import { ScholarshipMentionSchema } from '#lib/schemas/scholarship-mention.ts';
import { InstantSchema, LinkSchema } from '#lib/schemas/values.ts';

// A course's materials, which only the course page reads: ./material-schemas.ts.
export type { CourseMaterials, Material } from './material-schemas.ts';

/** A whole percentage, 0 to 100. */
const PercentSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100));

export const MaterialProgressSchema = v.pipe(
  v.object({
    /** The state that stands after this request: the body's, unless a later change was saved before it. */
    completed: v.pipe(
      v.boolean(),
      v.metadata({ description: "The material's state that stands now: the request's own, unless a change made later was saved first." }),
    ),
    /** The course's whole-number percentage of live materials completed, 0 to 100. */
    progress: PercentSchema,
    /** ISO-8601: when the change that stands was made. */
    changed_at: v.pipe(InstantSchema, v.metadata({ description: 'When the change that stands was made (ISO-8601).' })),
  }),
  v.metadata({ ref: 'MaterialProgress' }),
);

/** One course of My courses (GET user/student/courses), newest enrolment first. */
const MyCourseSchema = v.pipe(
  v.object({
    course_id: v.string(),
    title: v.string(),
    image_url: LinkSchema,
    /** 0 to 100: the whole percentage of the course's live materials completed, rounded down. */
    progress: PercentSchema,
    /** ISO-8601. */
    enrolled_at: InstantSchema,
    /** The first material in the course's order not yet completed; null when all are. */
    next_material_id: v.nullable(v.string()),
    /** ISO-8601: the latest completion; null when nothing is completed yet. */
    last_activity_at: v.nullable(InstantSchema),
    /**
     * The scholarship the enrolment was had with ('Scholarship: LSETF Fashion Skills 2027'), or null.
     * Optional in what is read, so a list saved on the phone before it existed still reads.
     */
    scholarship: v.optional(v.nullable(ScholarshipMentionSchema), null),
  }),
  v.metadata({ ref: 'MyCourse' }),
);
export type MaterialProgress = v.InferOutput<typeof MaterialProgressSchema>;
export const MyCoursesSchema = v.array(MyCourseSchema);
export type MyCourse = v.InferOutput<typeof MyCourseSchema>;
