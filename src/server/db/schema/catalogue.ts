// The course catalogue as the server keeps it: brought in line with content/ at every start
// (src/server/catalogue/sync.ts). A course that leaves content/ is retired, never deleted, so
// every enrolment and payment that names it keeps its meaning. Money is integer kobo.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

export const STUDY_MODES = ['Physical', 'Online', 'Hybrid'] as const;
export const MATERIAL_KINDS = ['video', 'pdf'] as const;

export const courses = pgTable(
  'courses',
  {
    /** The course's slug: stable and URL-safe. */
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The outline, one line each. */
    summary: jsonb('summary').$type<string[]>().notNull(),
    duration: text('duration').notNull(),
    studyMode: text('study_mode', { enum: STUDY_MODES }).notNull(),
    priceKobo: integer('price_kobo').notNull(),
    imageUrl: text('image_url').notNull(),
    /** Place in the catalogue, 1 first. */
    position: integer('position').notNull(),
    retiredAt: instant('retired_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [check('courses_price_kobo_check', sql`${table.priceKobo} > 0`), index('courses_position_idx').on(table.position)],
);

export const tutors = pgTable('tutors', {
  id: text('id').primaryKey(),
  fullName: text('full_name').notNull(),
  position: text('position').notNull(),
  biography: text('biography').notNull(),
  imageUrl: text('image_url').notNull(),
  retiredAt: instant('retired_at'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const courseTutors = pgTable(
  'course_tutors',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    tutorId: text('tutor_id')
      .notNull()
      .references(() => tutors.id),
    /** 0 for the lead tutor. */
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.tutorId] })],
);

export const courseMaterials = pgTable(
  'course_materials',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    id: text('id').notNull(),
    title: text('title').notNull(),
    kind: text('kind', { enum: MATERIAL_KINDS }).notNull(),
    /** The file's name in content/materials/<course id>/. */
    file: text('file').notNull(),
    /** Seconds of a video, pages of a PDF. */
    length: integer('length').notNull(),
    position: integer('position').notNull(),
    retiredAt: instant('retired_at'),
  },
  (table) => [primaryKey({ columns: [table.courseId, table.id] })],
);
