// An enrolled student's course with its materials (GET user/student/courses/{id}), each with a
// signed link that expires: the course page's answer, and the routes'. Apart from ./schemas.ts,
// which My courses loads too: the bundler ships a module whole to every page that imports any of it.
import * as v from 'valibot';
import { LinkSchema } from '#lib/schemas/values.ts';

/** As course_materials.kind (src/server/db/schema/catalogue.ts); repeated here so the browser needs no server code. */
const MATERIAL_KINDS = ['video', 'pdf'] as const;

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
