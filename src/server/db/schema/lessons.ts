// A course's lessons as staff add them from the console (src/features/lessons/): a video or a PDF
// uploaded over tus, checked, and for a video transcoded in the background. Unlike course_materials
// (placed in content/ by a developer and synced at start), these rows are the only record of a
// lesson; their files live under DATA_DIR/lessons/<lesson id>/. A retired lesson is never deleted,
// so the progress students ticked on it keeps its meaning.
//
// lesson_jobs: the transcoding queue, kept in the database so a restart resumes it. A worker takes
// one job at a time and holds a lease it renews while ffmpeg runs; a job still 'running' after its
// lease ran out belongs to a process that died and is taken again.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { MATERIAL_KINDS, courses } from './catalogue.ts';
import { instant } from './columns.ts';

export const LESSON_STATUSES = ['processing', 'ready', 'failed'] as const;
export const LESSON_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** One transcoded rendition: its height, its bytes and its file's name in the lesson's folder. */
export interface LessonRendition {
  height: number;
  size: number;
  file: string;
}

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    title: text('title').notNull(),
    kind: text('kind', { enum: MATERIAL_KINDS }).notNull(),
    /** Order among the course's materials, 1 first. */
    position: integer('position').notNull(),
    status: text('status', { enum: LESSON_STATUSES }).notNull(),
    /** Why it failed, in words staff can act on. */
    reason: text('reason'),
    /** The uploaded file's name in the lesson's folder (the original, kept for a re-run). */
    source: text('source').notNull(),
    /** Seconds of a video, once probed. */
    duration: integer('duration'),
    renditions: jsonb('renditions').$type<LessonRendition[]>().notNull().default([]),
    /** A video's poster file in the lesson's folder, once made. */
    poster: text('poster'),
    /** A WebVTT file in the lesson's folder. */
    captions: text('captions'),
    retiredAt: instant('retired_at'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [index('lessons_course_idx').on(table.courseId, table.position), check('lessons_position_check', sql`${table.position} > 0`)],
);

export const lessonJobs = pgTable(
  'lesson_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id),
    status: text('status', { enum: LESSON_JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** While running: until when the worker holding it is taken to be alive (renewed as it works). */
    leaseUntil: instant('lease_until'),
    error: text('error'),
    createdAt: instant('created_at').notNull(),
    finishedAt: instant('finished_at'),
  },
  (table) => [index('lesson_jobs_waiting_idx').on(table.status, table.createdAt)],
);
