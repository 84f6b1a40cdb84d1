// Resumable uploads of lesson files, tus 1.0.0 (docs/decisions/020-lessons-video.md), handed to @tus/server:
//   OPTIONS staff/uploads            Tus-Version, Tus-Extension, Tus-Max-Size (no session: a preflight)
//   POST staff/uploads               creation: 201 and the upload's absolute Location
//   HEAD/PATCH/DELETE {Location}     the offset to resume from / the next bytes / give up
// Behind the staff session (401 otherwise). At most 4 GiB a file. The bytes go to DATA_DIR/
// lesson-uploads as they arrive, or with S3_BUCKET to the bucket in parts (./upload-store.ts; both
// stores stream them, nothing is held in memory whole), and a lesson takes a finished upload with POST staff/courses/{id}/lessons, which checks what it is.
// An upload belongs to the member who created it (their id in its metadata, `owner`, set here whatever
// the client sent): another member's HEAD, PATCH or DELETE of it, or a lesson made from it, is 404.
// Uploads are locked per process (tus's memory locker): behind a load balancer, one upload's
// requests must reach one process (docs/deployment.md), as a PATCH resumed elsewhere would race.
import { Server } from '@tus/server';
import { Hono, type MiddlewareHandler } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { originOf } from '#server/http/request-url.ts';
import type { ApiEnv } from '#server/http/context.ts';
import type { StaffAccess } from './staff-access.ts';
import { LESSON_UPLOAD_MAX_BYTES } from '#lib/schemas/lessons.ts';
import { isOwnUpload, lazyUploadStore, OWNER_KEY, uploadOwnerOf, UPLOADS_PATH } from './upload-store.ts';

/** tus's own answer for an unknown upload (its handlers read status_code and body off what a hook throws). */
const NOT_FOUND = { status_code: 404, body: 'The file for this url was not found\n' };

const TUS_ANSWERS = {
  400: 'A tus header is missing or malformed',
  401: 'No live staff session',
  403: 'The upload may not be changed this way',
  404: 'No such upload',
  409: 'Upload-Offset is not the offset the server holds (HEAD gives it)',
  410: 'The upload was ended',
  412: 'Tus-Resumable is not 1.0.0',
  413: 'Larger than 4 GiB',
  415: 'Content-Type must be application/offset+octet-stream',
  460: 'Upload-Checksum does not match',
  500: 'The server failed',
};

function tusRoute(method: string, summary: string, success: Record<number, string>) {
  const responses = Object.fromEntries(
    Object.entries({ ...success, ...TUS_ANSWERS }).map(([status, description]) => [status, { description }]),
  );
  return describeRoute({
    tags: ['Staff'],
    summary: `${method}: ${summary}`,
    description:
      'The tus 1.0.0 protocol (https://tus.io/protocols/resumable-upload), for a staff session only (401 otherwise): at most 4 GiB a file; `OPTIONS staff/uploads` lists the extensions. A finished upload becomes a lesson with POST staff/courses/{id}/lessons.',
    security: [{ staffAuth: [] }],
    responses,
  });
}

/** Mounted at /staff. */
export function createLessonUploadRoutes(services: ApiServices, access: Pick<StaffAccess, 'guard' | 'actorOf'>) {
  const store = lazyUploadStore(services.env);
  // Who sent each request tus is handling: tus hands its hooks the same Request object.
  const senders = new WeakMap<Request, string>();
  const staff: MiddlewareHandler<ApiEnv> = async (c, next) =>
    access.guard(c, async () => {
      senders.set(c.req.raw, uploadOwnerOf(access.actorOf(c)));
      await next();
    });
  let server: Server | undefined;
  const tus = () =>
    (server ??= new Server({
      path: UPLOADS_PATH,
      datastore: store(),
      maxSize: LESSON_UPLOAD_MAX_BYTES,
      // The API's CORS policy (CORS_ORIGINS), not tus's default of any origin.
      allowedOrigins: (origin) => services.env.CORS_ORIGINS.includes(origin),
      // Location is absolute (tus needs it so), on the API's public origin, as every link an answer gives.
      generateUrl: (req, { path, id }) => `${services.env.API_ORIGIN || originOf(req.url)}${path}/${id}`,
      onUploadCreate: (req, upload) => Promise.resolve({ metadata: { ...upload.metadata, [OWNER_KEY]: senders.get(req) ?? '' } }),
      // Another member's upload is answered as no upload at all (tus's own 404).
      onIncomingRequest: async (req, id) => {
        if (req.method === 'POST') return;
        const upload = await store()
          .getUpload(id)
          .catch(() => null);
        if (upload && !isOwnUpload(upload, senders.get(req))) throw Object.assign(new Error("Another member's upload"), NOT_FOUND);
      },
    }));
  const handle = (request: Request) => tus().handleWeb(request);

  return (
    new Hono<ApiEnv>()
      // OPTIONS is tus's discovery (no session: browsers send it as a preflight too); as middleware it
      // stays out of the route list, as the app's own OPTIONS answers do.
      .use('/uploads', async (c, next) => (c.req.method === 'OPTIONS' ? handle(c.req.raw) : next()))
      .post(
        '/uploads',
        tusRoute('tus creation', 'a new upload (Upload-Length, Upload-Metadata filename and filetype)', { 201: 'Location: the upload' }),
        staff,
        (c) => handle(c.req.raw),
      )
      .get(
        '/uploads/:id',
        tusRoute('HEAD only', 'the offset to resume from (Upload-Offset, Upload-Length)', { 200: 'Upload-Offset' }),
        staff,
        (c) => {
          // Hono routes HEAD here; a GET would download the file, which the console never needs.
          if (c.req.raw.method !== 'HEAD') throw new ApiError(404, 'Not found');
          return handle(c.req.raw);
        },
      )
      .patch('/uploads/:id', tusRoute('tus', 'the next bytes, from Upload-Offset', { 204: 'Upload-Offset: the new offset' }), staff, (c) =>
        handle(c.req.raw),
      )
      .delete('/uploads/:id', tusRoute('tus termination', 'give an upload up', { 204: 'Ended' }), staff, (c) => handle(c.req.raw))
  );
}
