// A material's file and a video's poster, reached only through a signed link ('Enrolment and
// payment' in docs/product.md#endpoints):
//   GET user/materials/{courseId}/{materialId}?expires&student&session&sig   the file itself
//   GET user/materials/{courseId}/{materialId}/poster?…                       a video's poster, same signature
// The link (src/server/files/signed-urls.ts) is for one student's session, valid 2 hours: a <video>
// or a PDF viewer cannot send a bearer token, so the link is the permission. GET
// user/student/courses/{id} (./routes.ts) hands the links out with materialLinks() below. The link is
// checked again against the database (live material, still enrolled, account active), and the
// file's path is built from the database's names only, never from the URL's text.
import { open } from 'node:fs/promises';
import { and, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { API_BASE } from '#server/api-base.ts';
import { isSessionAlive } from '#server/auth/sessions.ts';
import { courseMaterials, enrolments, lessons, students } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { lessonBucketOf, lessonKey, type LessonBucket } from '#server/files/lesson-bucket.ts';
import { lessonFilesRoot } from '#server/files/lesson-files.ts';
import { createUrlSigner } from '#server/files/signed-urls.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { isUuid } from '#server/http/ids.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { pathInside, sendFile, sendRanged } from '#server/http/send-file.ts';
import { validateInput } from '#server/http/validate.ts';
import { embeddedFilePolicy } from '#server/security-headers.ts';
import { posterFileOf } from '../poster-file.ts';
import { SignedLinkQuerySchema } from './input-schemas.ts';
import { lessonMainFile } from './lesson-files.ts';

const MESSAGES = {
  badLink: 'This link has expired or is not valid.',
  fileMissing: 'This material is not available right now.',
};

/** How long a material link works after the course page was loaded. */
const MATERIAL_LINK_VALID_MS = 2 * 60 * 60_000;
/** What a material link's signature grants; an upload link signs another purpose. */
const MATERIAL_LINK_PURPOSE = 'course-material';
/** Where the file routes answer: they are mounted at /user (src/server/app.ts). */
const MATERIAL_LINK_BASE = `${API_BASE}/user/materials`;

const FILE_TYPES = { video: 'video/mp4', pdf: 'application/pdf' } as const;
const POSTER_TYPE = 'image/webp';
const CAPTIONS_TYPE = 'text/vtt';
/** Private: the link names one student; the browser may keep the bytes while the link lasts. */
const FILE_CACHE_CONTROL = 'private, max-age=3600';

/** Signs the links of one student's session: they end with the session (logout, password change, reset). */
export function materialLinks({ db, clock }: Pick<ApiServices, 'db' | 'clock'>) {
  const signer = createUrlSigner(db);
  /** The file's link as a path below the API's origin; its poster is the same link with /poster before the query. */
  return async function materialLink(courseId: string, materialId: string, studentId: string, sessionId: string): Promise<string> {
    const fields = [courseId, materialId, studentId, sessionId];
    const { expires, sig } = await signer.sign(MATERIAL_LINK_PURPOSE, fields, clock(), MATERIAL_LINK_VALID_MS);
    const query = new URLSearchParams({ expires: String(expires), student: studentId, session: sessionId, sig });
    return `${MATERIAL_LINK_BASE}/${encodeURIComponent(courseId)}/${encodeURIComponent(materialId)}?${query}`;
  };
}

/** Mounted at /user. */
export function createMaterialFileRoutes(services: ApiServices) {
  const { db, clock } = services;
  const signer = createUrlSigner(db);
  const routes = new Hono<ApiEnv>();

  /**
   * The material a signed link names, when the link still holds (signature, time, session) and is
   * still true now: a live material of a course the (active) student is enrolled in. Else 403.
   */
  async function signedMaterial(c: Context<ApiEnv>) {
    const refused = () => new ApiError(403, MESSAGES.badLink, { headers: { 'cache-control': 'no-store' } });
    const query = validateInput(SignedLinkQuerySchema, c.req.query());
    const courseId = c.req.param('courseId')!;
    const materialId = c.req.param('materialId')!;
    if (!isUuid(query.student) || !isUuid(query.session)) throw refused();
    const fields = [courseId, materialId, query.student, query.session];
    const signed = await signer.verify(MATERIAL_LINK_PURPOSE, fields, query.expires, query.sig, clock());
    if (!signed || !(await isSessionAlive(db, query.session, query.student, clock()))) throw refused();

    const [material] = await db
      .select({ courseId: courseMaterials.courseId, file: courseMaterials.file, kind: courseMaterials.kind })
      .from(courseMaterials)
      .innerJoin(enrolments, and(eq(enrolments.courseId, courseMaterials.courseId), eq(enrolments.studentId, query.student)))
      .innerJoin(students, and(eq(students.id, enrolments.studentId), isNull(students.deactivatedAt)))
      .where(and(eq(courseMaterials.courseId, courseId), eq(courseMaterials.id, materialId), isNull(courseMaterials.retiredAt)));
    if (material)
      return {
        root: services.env.MATERIALS_DIR,
        dir: courseId,
        kind: material.kind,
        file: material.file,
        poster: posterFileOf(material.file),
        renditions: [],
        captions: null,
        bucket: null,
      };
    // Else a lesson added from the console: ready, not retired.
    const [lesson] = isUuid(materialId)
      ? await db
          .select({
            id: lessons.id,
            kind: lessons.kind,
            source: lessons.source,
            renditions: lessons.renditions,
            poster: lessons.poster,
            captions: lessons.captions,
          })
          .from(lessons)
          .innerJoin(enrolments, and(eq(enrolments.courseId, lessons.courseId), eq(enrolments.studentId, query.student)))
          .innerJoin(students, and(eq(students.id, enrolments.studentId), isNull(students.deactivatedAt)))
          .where(and(eq(lessons.courseId, courseId), eq(lessons.id, materialId), eq(lessons.status, 'ready'), isNull(lessons.retiredAt)))
      : [];
    if (!lesson) throw refused();
    return {
      root: lessonFilesRoot(services.env),
      dir: lesson.id,
      kind: lesson.kind,
      file: lessonMainFile(lesson.kind, lesson.source, lesson),
      poster: lesson.poster,
      renditions: lesson.renditions,
      captions: lesson.captions,
      // With S3_BUCKET, a console lesson's files are objects in the bucket (#server/files/lesson-bucket.ts).
      bucket: lessonBucketOf(services.env),
    };
  }

  /** A file of the materials folder, by the database's names only, never the URL's text; 404 when it is not there. */
  async function sendMaterialFile(
    c: Context<ApiEnv>,
    where: { root: string; dir: string; bucket: LessonBucket | null },
    file: string | null,
    type: string,
  ) {
    const missing = () => new ApiError(404, MESSAGES.fileMissing, { headers: { 'cache-control': 'no-store' } });
    const path = file ? pathInside(where.root, where.dir, file) : null;
    let answer: Response | null;
    if (where.bucket) {
      // The same names as on disk (checked plain above), as keys; the bytes asked for are streamed through.
      const bucket = where.bucket;
      const key = lessonKey(where.dir, file!);
      const found = path ? await bucket.head(key) : null;
      if (!found) throw missing();
      answer = await sendRanged(
        c.req.raw,
        { ...found, read: (start, end) => bucket.read(key, start, end) },
        { type, cacheControl: FILE_CACHE_CONTROL },
      );
    } else {
      const handle = path ? await open(path, 'r').catch(() => null) : null;
      if (!handle) throw missing();
      answer = await sendFile(c.req.raw, handle, { type, cacheControl: FILE_CACHE_CONTROL });
    }
    if (!answer) throw missing();
    for (const [name, value] of Object.entries(embeddedFilePolicy(services.env.CORS_ORIGINS))) answer.headers.set(name, value);
    return answer;
  }

  const LINK_REFUSALS =
    "(expired, altered, another student's, a retired material, no longer enrolled, or the session that asked for it has ended)";

  routes.get(
    '/materials/:courseId/:materialId',
    describeJsonRoute({
      tag: 'Learning',
      summary: "A material's file (video/mp4 or application/pdf), through the signed link GET user/student/courses/{id} gives",
      description: [
        'No bearer token: the signed query (`expires`, `student`, `session`, `sig`) is the permission, for one student and 2 hours, while the session that asked for it lasts.',
        'Answers 200 with the whole file, or 206 with one byte range (`Range: bytes=…`, Content-Range), 416 for a range past the end; HEAD works too.',
        'The file is shown inline, `Cache-Control: private, max-age=3600`, `Accept-Ranges: bytes`.',
      ].join(' '),
      query: SignedLinkQuerySchema,
      binary: { types: Object.values(FILE_TYPES), ranges: true },
      errors: {
        403: `${MESSAGES.badLink} ${LINK_REFUSALS}`,
        404: `${MESSAGES.fileMissing} (the file is missing on the server)`,
      },
    }),
    async (c) => {
      const material = await signedMaterial(c);
      return sendMaterialFile(c, material, material.file, FILE_TYPES[material.kind]);
    },
  );

  routes.get(
    '/materials/:courseId/:materialId/poster',
    describeJsonRoute({
      tag: 'Learning',
      summary: "A video's poster (image/webp): a still of its title slide, through the `poster_url` GET user/student/courses/{id} gives",
      description:
        "Signed as the video's own link is (the same query), and refused the same way; `Cache-Control: private, max-age=3600`. A PDF has no poster (404).",
      query: SignedLinkQuerySchema,
      binary: { types: [POSTER_TYPE] },
      errors: {
        403: `${MESSAGES.badLink} ${LINK_REFUSALS}`,
        404: `${MESSAGES.fileMissing} (a PDF, or the poster is missing on the server)`,
      },
    }),
    async (c) => {
      const material = await signedMaterial(c);
      if (material.kind !== 'video') throw new ApiError(404, MESSAGES.fileMissing, { headers: { 'cache-control': 'no-store' } });
      return sendMaterialFile(c, material, material.poster, POSTER_TYPE);
    },
  );

  routes.get(
    '/materials/:courseId/:materialId/renditions/:height',
    describeJsonRoute({
      tag: 'Learning',
      summary:
        'One rendition (video/mp4) of a video lesson added from the console, through a `renditions[].url` GET user/student/courses/{id} gives',
      description:
        "Signed as the video's own link is (the same query), and refused the same way; Range requests as for the file. A height the lesson lacks: 404.",
      query: SignedLinkQuerySchema,
      binary: { types: [FILE_TYPES.video], ranges: true },
      errors: {
        403: `${MESSAGES.badLink} ${LINK_REFUSALS}`,
        404: `${MESSAGES.fileMissing} (no such rendition, or the file is missing on the server)`,
      },
    }),
    async (c) => {
      const material = await signedMaterial(c);
      const rendition = material.renditions.find((r) => String(r.height) === c.req.param('height'));
      return sendMaterialFile(c, material, rendition?.file ?? null, FILE_TYPES.video);
    },
  );

  routes.get(
    '/materials/:courseId/:materialId/captions',
    describeJsonRoute({
      tag: 'Learning',
      summary: "A lesson's captions (text/vtt), through the `captions_url` GET user/student/courses/{id} gives",
      description: "Signed as the video's own link is (the same query), and refused the same way. A lesson without captions: 404.",
      query: SignedLinkQuerySchema,
      binary: { types: [CAPTIONS_TYPE] },
      errors: {
        403: `${MESSAGES.badLink} ${LINK_REFUSALS}`,
        404: `${MESSAGES.fileMissing} (no captions, or the file is missing on the server)`,
      },
    }),
    async (c) => {
      const material = await signedMaterial(c);
      return sendMaterialFile(c, material, material.captions, CAPTIONS_TYPE);
    },
  );

  return routes;
}
