// What the console's lesson calls accept and answer (docs/decisions/020-lessons-video.md): one schema each,
// for the route (src/features/lessons/server/) and the console's lessons page (src/features/staff/).
import * as v from 'valibot';

const LESSON_KINDS = ['video', 'pdf'] as const;
const LESSON_STATUSES = ['processing', 'ready', 'failed'] as const;

const TITLE_REQUIRED = 'Title is required';
export const LessonTitleSchema = v.pipe(
  v.string(TITLE_REQUIRED),
  v.trim(),
  v.nonEmpty(TITLE_REQUIRED),
  v.maxLength(160, 'Title must be at most 160 characters'),
);
export const LessonPositionSchema = v.pipe(
  v.number('Position must be a whole number from 1'),
  v.integer('Position must be a whole number from 1'),
  v.minValue(1, 'Position must be a whole number from 1'),
  v.maxValue(10_000, 'Position must be at most 10000'),
);
/** The largest lesson file an upload takes, 4 GiB (a 45-minute lesson at a laptop's bitrate fits with room): the upload route's limit; the console says so before sending. */
export const LESSON_UPLOAD_MAX_BYTES = 4 * 1024 ** 3;

/** An upload's Location, as POST staff/uploads answered it. */
const UploadUrlSchema = v.pipe(
  v.string('upload is required'),
  v.trim(),
  v.maxLength(2000, 'upload is not an upload URL'),
  v.url('upload is not an upload URL'),
);

export const LessonCreateSchema = v.strictObject({
  title: LessonTitleSchema,
  kind: v.picklist(LESSON_KINDS, 'Kind must be video or pdf'),
  upload: UploadUrlSchema,
  position: v.optional(LessonPositionSchema),
  captions_upload: v.optional(UploadUrlSchema),
});

/**
 * Rename, move, or replace the file (`upload`) and the captions (`captions_upload`): a new video is
 * transcoded while students keep the current one (src/features/lessons/server/replace-file.ts).
 */
export const LessonUpdateSchema = v.pipe(
  v.strictObject({
    title: v.optional(LessonTitleSchema),
    position: v.optional(LessonPositionSchema),
    upload: v.optional(UploadUrlSchema),
    captions_upload: v.optional(UploadUrlSchema),
  }),
  v.check((body) => Object.values(body).some((value) => value !== undefined), 'Give a title, a position, a file or captions'),
);

export const LessonSchema = v.object({
  id: v.string(),
  title: v.string(),
  kind: v.picklist(LESSON_KINDS),
  position: v.number(),
  status: v.picklist(LESSON_STATUSES),
  reason: v.optional(v.string()),
  /** Seconds, once a video is probed. */
  duration: v.optional(v.number()),
  renditions: v.array(v.object({ height: v.number(), size: v.number() })),
  created_at: v.string(),
  /**
   * A new video being processed while students keep the current one, or why it failed (the current
   * one stays). Absent when no replacement is pending or last failed.
   */
  replacement: v.optional(v.object({ status: v.picklist(['processing', 'failed']), reason: v.optional(v.string()) })),
});
export type Lesson = v.InferOutput<typeof LessonSchema>;

export const LessonsSchema = v.object({
  lessons: v.array(LessonSchema),
  /** Whether students can buy the course now: it has a ready lesson or a material from the repository (false: 'Not for sale until it has a lesson'). */
  for_sale: v.boolean(),
});
