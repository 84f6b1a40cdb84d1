// A student's progress through a course's materials: one row per material the student ever ticked,
// holding the state that stands (completed or not) and the time of the change that set it
// (docs/product.md#dashboard-routes). An untick keeps its row (completed_at null) so that a tick made
// earlier on another device, sent late, cannot bring back what the student later unticked: the latest
// time wins. Progress is ticked over live materials.
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
    /** When the material was ticked; null while it stands unticked. */
    completedAt: instant('completed_at'),
    /** When the student made the change that stands (the tick's or untick's own time, as the device said). */
    changedAt: instant('changed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.studentId, table.courseId, table.materialId] })],
);
