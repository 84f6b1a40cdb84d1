// What the learning calls accept and answer (docs/product.md#dashboard-routes, 'Enrolment and
// payment' in docs/product.md#endpoints): an enrolled student's course with its materials,
// each with a signed link that expires, and ticking a material as completed. The dashboard's course
// page and the routes share these. What only the routes read (a tick's body, a signed link's query)
// is in ./server/input-schemas.ts: the browser never builds those, so it does not carry them.
import * as v from 'valibot';
import { ScholarshipMentionSchema } from '#lib/schemas/scholarship-mention.ts';
import { InstantSchema, LinkSchema } from '#lib/schemas/values.ts';

/** As course_materials.kind (src/server/db/schema/catalogue.ts); repeated here so the browser needs no server code. */
const MATERIAL_KINDS = ['video', 'pdf'] as const;

/** A whole percentage, 0 to 100. */
const PercentSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100));

/** A file's size in bytes. */
const ByteCountSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

const MaterialSchema = v.pipe(
  v.object({
    id: v.string(),
    title: v.string(),
    kind: v.picklist(MATERIAL_KINDS),
    /** Seconds of a video, pages of a PDF. */
    length: v.pipe(v.number(), v.integer(), v.minValue(0), v.metadata({ description: 'Seconds of a video; pages of a PDF.' })),
    /** A signed link to the file, for this student only, valid 2 hours from the answer. */
    url: LinkSchema,
    /** A video's poster (a still of its title slide, WebP), signed as `url` is; null for a PDF. */
    poster_url: v.pipe(
      v.nullable(LinkSchema),
      v.metadata({ description: "A video's poster image (WebP), through a signed link like `url`; null for a PDF." }),
    ),
    /** Bytes of the file, so a student sees what saving it for offline costs; null when the file is missing on the server. */
    size: v.pipe(
      v.nullable(ByteCountSchema),
      v.metadata({ description: 'Bytes of the file (what saving it for offline costs); null when the file is missing on the server.' }),
    ),
    /** Bytes of a video's poster; null for a PDF, or when the poster is missing. */
    poster_size: v.pipe(
      v.nullable(ByteCountSchema),
      v.metadata({ description: "Bytes of a video's poster; null for a PDF, or when the poster is missing on the server." }),
    ),
    completed: v.boolean(),
    /** A video lesson added from the console: its renditions, each through a signed link like `url` (which is the 360p one, else the lowest). */
    renditions: v.optional(
      v.pipe(
        v.array(v.object({ height: v.number(), url: LinkSchema, size: v.nullable(ByteCountSchema) })),
        v.metadata({
          description:
            "A video lesson's renditions (240, 360, 720 lines, up to the source's), each an MP4 through a signed link like `url`.",
        }),
      ),
    ),
    /** A lesson's WebVTT captions, through a signed link like `url`. */
    captions_url: v.optional(LinkSchema),
  }),
  v.metadata({ ref: 'Material' }),
);
export type Material = v.InferOutput<typeof MaterialSchema>;

export const CourseMaterialsSchema = v.pipe(
  v.object({
    course: v.object({ id: v.string(), title: v.string(), image_url: LinkSchema }),
    /** In the course's order; retired materials are left out. */
    materials: v.array(MaterialSchema),
  }),
  v.metadata({ ref: 'CourseMaterials' }),
);
export type CourseMaterials = v.InferOutput<typeof CourseMaterialsSchema>;

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
export const MyCoursesSchema = v.array(MyCourseSchema);
export type MyCourse = v.InferOutput<typeof MyCourseSchema>;
