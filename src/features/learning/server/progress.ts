// A student's progress: each course's live materials in order with their ticks, the one rule that
// turns ticks into a percentage (#lib/percent-done.ts, which the browser shares), and My courses, with
// where to continue. Retired materials count for nothing. A tick or untick carries the time it was
// made, and per material the latest time wins (saveTick), whatever order devices send them in.
import { and, desc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  courseMaterials,
  courses,
  enrolments,
  lessons,
  materialProgress,
  scholarshipCodes,
  scholarships,
  type LessonRendition,
} from '#server/db/schema.ts';
import { projectPartners } from '#server/scholarships/partners.ts';
import { percentDone } from '#lib/percent-done.ts';
import type { MyCourse } from '../schemas.ts';

type Reader = Pick<Database, 'select'>;

/** What a lesson added from the console brings beyond a material's fields (null for a material of content/). */
export interface LessonFiles {
  /** The PDF, or the video's default rendition, in the lesson's folder. */
  renditions: LessonRendition[];
  poster: string | null;
  captions: string | null;
}

/**
 * Each course's live materials in order, with whether `studentId` completed each and when (null: not
 * completed): the materials of content/ and the ready, unretired lessons staff added (src/features/
 * lessons/), by position (a material before a lesson at the same place). A retired lesson leaves the
 * list; the student's tick on it stays in material_progress.
 */
export async function liveMaterials(db: Reader, studentId: string, courseIds: readonly string[]) {
  if (courseIds.length === 0) return [];
  const ticked = (courseId: AnyColumn, materialId: AnyColumn | SQL) =>
    and(eq(materialProgress.studentId, studentId), eq(materialProgress.courseId, courseId), eq(materialProgress.materialId, materialId));
  const materials = await db
    .select({
      courseId: courseMaterials.courseId,
      id: courseMaterials.id,
      title: courseMaterials.title,
      kind: courseMaterials.kind,
      length: courseMaterials.length,
      file: courseMaterials.file,
      position: courseMaterials.position,
      completedAt: materialProgress.completedAt,
    })
    .from(courseMaterials)
    .leftJoin(materialProgress, ticked(courseMaterials.courseId, courseMaterials.id))
    .where(and(inArray(courseMaterials.courseId, [...courseIds]), isNull(courseMaterials.retiredAt)));
  const added = await db
    .select({
      courseId: lessons.courseId,
      id: lessons.id,
      title: lessons.title,
      kind: lessons.kind,
      duration: lessons.duration,
      source: lessons.source,
      position: lessons.position,
      renditions: lessons.renditions,
      poster: lessons.poster,
      captions: lessons.captions,
      completedAt: materialProgress.completedAt,
    })
    .from(lessons)
    .leftJoin(materialProgress, ticked(lessons.courseId, sql`${lessons.id}::text`))
    .where(and(inArray(lessons.courseId, [...courseIds]), eq(lessons.status, 'ready'), isNull(lessons.retiredAt)));
  const rows = [
    ...materials.map((row) => ({ ...row, order: 0, lesson: null as LessonFiles | null })),
    ...added.map(({ duration, source, renditions, poster, captions, ...row }) => ({
      ...row,
      length: duration ?? 0,
      file: source,
      order: 1,
      lesson: { renditions, poster, captions },
    })),
  ];
  return rows.sort(
    (a, b) => a.courseId.localeCompare(b.courseId) || a.position - b.position || a.order - b.order || a.id.localeCompare(b.id),
  );
}

/**
 * The student's progress in a course: completed live materials / live materials × 100, rounded down
 * (myCourses applies the same rule).
 */
export async function courseProgress(db: Reader, studentId: string, courseId: string): Promise<number> {
  const rows = await liveMaterials(db, studentId, [courseId]);
  return percentDone(rows.filter((row) => row.completedAt !== null).length, rows.length);
}

export interface TickTarget {
  studentId: string;
  courseId: string;
  materialId: string;
}

/**
 * Ticks (completed) or unticks a material as of `at`, unless a change made later is saved already,
 * and answers the state that stands. One statement: on PostgreSQL two writers of the same material
 * queue on its row, and the later time wins whichever commits first. Ties go to the one saved last.
 * Ticking a ticked material keeps its first completion time.
 */
export async function saveTick(db: Pick<Database, 'insert' | 'select'>, target: TickTarget, completed: boolean, at: Date) {
  const key = [materialProgress.studentId, materialProgress.courseId, materialProgress.materialId];
  await db
    .insert(materialProgress)
    .values({ ...target, completedAt: completed ? at : null, changedAt: at })
    .onConflictDoUpdate({
      target: key,
      set: {
        completedAt: sql`case when excluded.completed_at is null then null else coalesce(${materialProgress.completedAt}, excluded.completed_at) end`,
        changedAt: sql`excluded.changed_at`,
      },
      setWhere: sql`${materialProgress.changedAt} <= excluded.changed_at`,
    });
  const [state] = await db
    .select({ completedAt: materialProgress.completedAt, changedAt: materialProgress.changedAt })
    .from(materialProgress)
    .where(
      and(
        eq(materialProgress.studentId, target.studentId),
        eq(materialProgress.courseId, target.courseId),
        eq(materialProgress.materialId, target.materialId),
      ),
    );
  if (!state) throw new Error('A saved tick left no row');
  return { completed: state.completedAt !== null, changedAt: state.changedAt };
}

/** The student's courses, newest enrolment first, each with its progress and where to continue. */
export async function myCourses(db: Database, studentId: string): Promise<MyCourse[]> {
  const rows = await db
    .select({
      courseId: courses.id,
      title: courses.title,
      imageUrl: courses.imageUrl,
      enrolledAt: enrolments.enrolledAt,
      scholarship: scholarships.name,
      partner: scholarships.partner,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(scholarshipCodes, eq(scholarshipCodes.id, enrolments.scholarshipCodeId))
    .leftJoin(scholarships, eq(scholarships.id, scholarshipCodes.scholarshipId))
    .where(eq(enrolments.studentId, studentId))
    .orderBy(desc(enrolments.enrolledAt));
  const ticks = await liveMaterials(
    db,
    studentId,
    rows.map((row) => row.courseId),
  );
  const partners = await projectPartners();
  return rows.map((row) => {
    const live = ticks.filter((tick) => tick.courseId === row.courseId);
    const done = live.flatMap((tick) => (tick.completedAt ? [tick.completedAt] : []));
    const latest = done.reduce<Date | null>((last, at) => (last && last >= at ? last : at), null);
    return {
      course_id: row.courseId,
      title: row.title,
      image_url: row.imageUrl,
      progress: percentDone(done.length, live.length),
      enrolled_at: row.enrolledAt.toISOString(),
      next_material_id: live.find((tick) => !tick.completedAt)?.id ?? null,
      last_activity_at: latest?.toISOString() ?? null,
      scholarship:
        row.scholarship && row.partner
          ? { name: row.scholarship, partner: row.partner, partner_name: partners.get(row.partner)?.name ?? row.partner }
          : null,
    };
  });
}
