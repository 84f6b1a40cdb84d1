// A course is offered for sale only once it has something to study (docs/product.md, 'Courses and
// payments as built'): a live material from the repository (content/materials, as every seeded
// course has) or a ready lesson staff added from the console. Quote and checkout refuse any other
// course; the console's lesson list says whether it is for sale.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { courses } from '../db/schema.ts';

export { COURSE_COMING_SOON as NOT_FOR_SALE } from '#lib/course-for-sale.ts';

/**
 * True in SQL when the `courses` row of the query has a live material or a ready, live lesson. Plain
 * names (drizzle leaves the table off a column of a one-table query, and "id" would then be the
 * lesson's): use it in a query whose `courses` table is not aliased.
 */
export const forSaleSql = () =>
  sql<boolean>`(exists (select 1 from course_materials m where m.course_id = courses.id and m.retired_at is null)
    or exists (select 1 from lessons l where l.course_id = courses.id and l.status = 'ready' and l.retired_at is null))`;

/** Whether the live course `courseId` is for sale now (false for a retired or unknown one). */
export async function isCourseForSale(db: Pick<Database, 'select'>, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ forSale: forSaleSql() })
    .from(courses)
    .where(and(eq(courses.id, courseId), isNull(courses.retiredAt)));
  return row?.forSale === true;
}
