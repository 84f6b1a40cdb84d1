// A student's progress through a course's materials: one row per material ticked as completed
// (docs/product.md#dashboard-routes). Unticking deletes the row; progress is ticked over live.
import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { students } from './accounts.ts';
import { courses } from './catalogue.ts';
import { instant } from './columns.ts';

export const materialProgress = pgTable(
  'material_progress',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    materialId: text('material_id').notNull(),
    completedAt: instant('completed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.studentId, table.courseId, table.materialId] })],
);
