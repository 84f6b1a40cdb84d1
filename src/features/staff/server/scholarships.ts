// What an admin does to scholarships (docs/product.md, 'Scholarships and discount codes'): create,
// edit while no seat is taken, close early, make codes. Each change and its audit entry are one
// transaction; an edit locks the scholarship's row, as taking a seat does (take-code.ts), so an edit
// and a student's checkout never cross.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { courses, scholarshipCodes, scholarshipCourses, scholarships } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { validateInput } from '#server/http/validate.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import {
  courseUnknown,
  CreateScholarshipSchema,
  PARTNER_UNKNOWN,
  SCHOLARSHIP_CLOSED,
  SCHOLARSHIP_IN_USE,
  SCHOLARSHIP_NOT_FOUND,
  type CreateScholarship,
  type EditScholarship,
  type Scholarship,
} from '#lib/schemas/scholarships.ts';
import { newScholarshipCode, scholarshipCodeHash } from '#server/scholarships/codes.ts';
import { projectPartners } from '#server/scholarships/partners.ts';
import { scholarshipStatus, toScholarships, type ScholarshipRow } from '#server/scholarships/scholarship-answers.ts';

type By = Omit<AuditEntry, 'action' | 'target' | 'details'>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const refused = (field: string, message: string) => new ApiError(400, message, { fieldErrors: { [field]: [message] } });

/** The partner is a project page and every course is in the catalogue (not retired). */
async function checkReferences(db: Database | Transaction, input: Pick<CreateScholarship, 'partner' | 'course_ids'>) {
  if (!(await projectPartners()).has(input.partner)) throw refused('partner', PARTNER_UNKNOWN);
  const found = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(inArray(courses.id, input.course_ids), isNull(courses.retiredAt)));
  const missing = input.course_ids.find((id) => !found.some((row) => row.id === id));
  if (missing) throw refused('course_ids', courseUnknown(missing));
}

const columnsOf = (input: CreateScholarship) => ({
  name: input.name,
  partner: input.partner,
  discountPercent: input.discount_percent,
  seats: input.seats,
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
  minAge: input.min_age ?? null,
  maxAge: input.max_age ?? null,
  states: input.states ?? [],
});

async function answerOf(db: Database, id: string, now: Date): Promise<Scholarship> {
  const [row] = await db.select().from(scholarships).where(eq(scholarships.id, id));
  if (!row) throw new ApiError(404, SCHOLARSHIP_NOT_FOUND);
  return (await toScholarships(db, [row], now))[0]!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The scholarship's row, locked for the rest of the transaction; 404 when there is none. */
async function lockScholarship(tx: Transaction, id: string): Promise<ScholarshipRow> {
  const [row] = UUID.test(id) ? await tx.select().from(scholarships).where(eq(scholarships.id, id)).for('update') : [];
  if (!row) throw new ApiError(404, SCHOLARSHIP_NOT_FOUND);
  return row;
}

export async function findScholarship(services: ApiServices, id: string): Promise<Scholarship> {
  if (!UUID.test(id)) throw new ApiError(404, SCHOLARSHIP_NOT_FOUND);
  return answerOf(services.db, id, services.clock());
}

export async function scholarshipsPage(services: ApiServices, query: { page: number; per_page: number }) {
  const { db } = services;
  const [total] = await db.select({ n: count() }).from(scholarships);
  const rows = await db
    .select()
    .from(scholarships)
    .orderBy(desc(scholarships.createdAt), asc(scholarships.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const totalCount = total?.n ?? 0;
  return {
    scholarships: await toScholarships(db, rows, services.clock()),
    total_pages: Math.ceil(totalCount / query.per_page),
    total_count: totalCount,
  };
}

export async function createScholarship(services: ApiServices, input: CreateScholarship, by: By): Promise<Scholarship> {
  const { db } = services;
  const id = await db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const [row] = await tx
      .insert(scholarships)
      .values({ ...columnsOf(input), createdBy: by.actor?.id ?? null, createdAt: by.at, updatedAt: by.at })
      .returning({ id: scholarships.id });
    await tx.insert(scholarshipCourses).values(input.course_ids.map((courseId) => ({ scholarshipId: row!.id, courseId })));
    await recordAudit(tx, { ...by, action: 'scholarship.create', target: `scholarship:${row!.id}`, details: { ...input } });
    return row!.id;
  });
  return answerOf(db, id, by.at);
}

/** The scholarship's terms as the create form would send them, to check an edit against the same rules. */
const asInput = (row: ScholarshipRow, courseIds: string[]) => ({
  name: row.name,
  partner: row.partner,
  course_ids: courseIds,
  discount_percent: row.discountPercent,
  seats: row.seats,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt.toISOString(),
  min_age: row.minAge,
  max_age: row.maxAge,
  states: row.states,
});

export async function editScholarship(services: ApiServices, id: string, change: EditScholarship, by: By): Promise<Scholarship> {
  const { db } = services;
  await db.transaction(async (tx) => {
    const row = await lockScholarship(tx, id);
    const [used] = await tx
      .select({ n: count() })
      .from(scholarshipCodes)
      .where(and(eq(scholarshipCodes.scholarshipId, id), isNotNull(scholarshipCodes.usedAt)));
    if ((used?.n ?? 0) > 0) throw new ApiError(409, SCHOLARSHIP_IN_USE);
    const current = await tx.select().from(scholarshipCourses).where(eq(scholarshipCourses.scholarshipId, id));
    // The whole, changed, checked as a new one would be: the dates' order, both ages or neither.
    const merged = validateInput(CreateScholarshipSchema, {
      ...asInput(
        row,
        current.map((entry) => entry.courseId),
      ),
      ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)),
    });
    await checkReferences(tx, merged);
    await tx
      .update(scholarships)
      .set({ ...columnsOf(merged), updatedAt: by.at })
      .where(eq(scholarships.id, id));
    if (change.course_ids) {
      await tx.delete(scholarshipCourses).where(eq(scholarshipCourses.scholarshipId, id));
      await tx.insert(scholarshipCourses).values(merged.course_ids.map((courseId) => ({ scholarshipId: id, courseId })));
    }
    await recordAudit(tx, { ...by, action: 'scholarship.edit', target: `scholarship:${id}`, details: { ...change } });
  });
  return answerOf(db, id, by.at);
}

/** Closing early: no code is taken after it; a payment already holding one still settles. Twice changes nothing. */
export async function closeScholarship(services: ApiServices, id: string, by: By): Promise<Scholarship> {
  const { db } = services;
  await db.transaction(async (tx) => {
    const row = await lockScholarship(tx, id);
    if (row.closedAt) return;
    await tx.update(scholarships).set({ closedAt: by.at, updatedAt: by.at }).where(eq(scholarships.id, id));
    await recordAudit(tx, { ...by, action: 'scholarship.close', target: `scholarship:${id}` });
  });
  return answerOf(db, id, by.at);
}

/** `count` new codes, returned once in plain text; only their hashes are kept. 409 once closed. */
export async function makeCodes(services: ApiServices, id: string, wanted: number, by: By): Promise<string[]> {
  return services.db.transaction(async (tx) => {
    const row = await lockScholarship(tx, id);
    if (scholarshipStatus(row, by.at) === 'closed') throw new ApiError(409, SCHOLARSHIP_CLOSED);
    const codes: string[] = [];
    // 50 bits each: a clash with a code already made is all but impossible, and simply drawn again.
    while (codes.length < wanted) {
      const drawn = [...new Set(Array.from({ length: wanted - codes.length }, newScholarshipCode))];
      const kept = await tx
        .insert(scholarshipCodes)
        .values(drawn.map((code) => ({ scholarshipId: id, codeHash: scholarshipCodeHash(code), createdAt: by.at })))
        .onConflictDoNothing()
        .returning({ codeHash: scholarshipCodes.codeHash });
      const keptHashes = new Set(kept.map((entry) => entry.codeHash));
      codes.push(...drawn.filter((code) => keptHashes.has(scholarshipCodeHash(code))));
    }
    await recordAudit(tx, { ...by, action: 'scholarship.codes', target: `scholarship:${id}`, details: { count: wanted } });
    return codes;
  });
}
