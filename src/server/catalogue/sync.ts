// Brings the database's catalogue in line with the build's (content/): courses, tutors and
// materials are inserted or updated; those no longer in content/ are retired, never deleted, so no
// enrolment, payment or progress record ever loses what it points at. One transaction: a second
// server starting at the same moment waits for the first and then finds nothing to change.
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { catalogueRelease, courseMaterials, courses, courseTutors, tutors } from '#server/db/schema.ts';
import type { Catalogue } from './catalogue-file.ts';

export interface SyncResult {
  courses: number;
  tutors: number;
  retiredCourses: number;
}

/**
 * `buildId` names the release the catalogue came from; it is recorded in the same transaction, so
 * the database's catalogue and its build id always agree (a running process of another build then
 * stops answering: release.ts).
 */
/**
 * `releaseDir`: the built folder of a release a publish made live, recorded with it so every process
 * serves its pages (null: a release deployed by IT, each process serving its own DIST_DIR).
 */
export async function syncCatalogue(
  db: Database,
  catalogue: Catalogue,
  now: Date,
  buildId = '',
  releaseDir: string | null = null,
): Promise<SyncResult> {
  return db.transaction(async (tx) => {
    // One server at a time (PostgreSQL: an advisory lock held to the end of this transaction).
    await tx.execute(sql`select pg_advisory_xact_lock(724001)`);
    const release = { buildId, syncedAt: now, releaseDir };
    await tx
      .insert(catalogueRelease)
      .values({ name: 'current', ...release })
      .onConflictDoUpdate({ target: catalogueRelease.name, set: release });

    for (const tutor of catalogue.tutors) {
      const values = {
        fullName: tutor.full_name,
        position: tutor.position,
        biography: tutor.biography,
        imageUrl: tutor.image_url,
        retiredAt: null,
        updatedAt: now,
      };
      await tx
        .insert(tutors)
        .values({ id: tutor.id, ...values })
        .onConflictDoUpdate({ target: tutors.id, set: values });
    }

    for (const course of catalogue.courses) {
      const values = {
        title: course.title,
        description: course.description,
        summary: course.summary,
        duration: course.duration,
        studyMode: course.study_mode,
        priceKobo: course.price_kobo,
        imageUrl: course.image_url,
        position: course.position,
        retiredAt: null,
        updatedAt: now,
      };
      await tx
        .insert(courses)
        .values({ id: course.id, ...values })
        .onConflictDoUpdate({ target: courses.id, set: values });

      await tx.delete(courseTutors).where(eq(courseTutors.courseId, course.id));
      await tx.insert(courseTutors).values(course.tutors.map((tutorId, position) => ({ courseId: course.id, tutorId, position })));

      for (const [position, material] of course.materials.entries()) {
        const fields = {
          title: material.title,
          kind: material.kind,
          file: material.file,
          length: material.length,
          position,
          retiredAt: null,
        };
        await tx
          .insert(courseMaterials)
          .values({ courseId: course.id, id: material.id, ...fields })
          .onConflictDoUpdate({ target: [courseMaterials.courseId, courseMaterials.id], set: fields });
      }
      const kept = course.materials.map((material) => material.id);
      await tx
        .update(courseMaterials)
        .set({ retiredAt: now })
        .where(
          and(
            eq(courseMaterials.courseId, course.id),
            isNull(courseMaterials.retiredAt),
            kept.length ? notInArray(courseMaterials.id, kept) : sql`true`,
          ),
        );
    }

    const courseIds = catalogue.courses.map((course) => course.id);
    const retired = await tx
      .update(courses)
      .set({ retiredAt: now })
      .where(and(isNull(courses.retiredAt), courseIds.length ? notInArray(courses.id, courseIds) : sql`true`))
      .returning({ id: courses.id });
    const tutorIds = catalogue.tutors.map((tutor) => tutor.id);
    await tx
      .update(tutors)
      .set({ retiredAt: now })
      .where(and(isNull(tutors.retiredAt), tutorIds.length ? notInArray(tutors.id, tutorIds) : sql`true`));
    if (retired.length) {
      await tx
        .update(courseMaterials)
        .set({ retiredAt: now })
        .where(
          inArray(
            courseMaterials.courseId,
            retired.map((row) => row.id),
          ),
        );
    }
    return { courses: catalogue.courses.length, tutors: catalogue.tutors.length, retiredCourses: retired.length };
  });
}
