// Lesson files for the lesson tests: tus uploads sent through the test app, and short videos made
// by ffmpeg's test source (a few seconds, small, so the tests stay fast).
import type { ApiApp } from '#server/app.ts';
import { send } from './test-app.ts';

export { testVideo } from '../../support/test-video.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** POST staff/uploads: the upload's Location. */
export async function startUpload(app: ApiApp, token: string, length: number, filename: string, filetype: string): Promise<string> {
  const created = await send(app, 'staff/uploads', undefined, {
    token,
    contentType: null,
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadata({ filename, filetype }) },
  });
  if (created.status !== 201) throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
  return created.headers.get('location')!;
}

/** The path send() takes for an upload's absolute Location. */
export const uploadPath = (location: string) => new URL(location).pathname.replace(/^\/api\/v1\//, '');

/** PATCH the bytes from `offset`: the answer. */
export const sendBytes = (app: ApiApp, token: string, location: string, offset: number, bytes: Uint8Array) =>
  send(app, uploadPath(location), bytes, {
    token,
    method: 'PATCH',
    contentType: 'application/offset+octet-stream',
    headers: { ...TUS, 'upload-offset': String(offset) },
  });

/** A whole upload in one PATCH: its Location. */
export async function uploadFile(app: ApiApp, token: string, bytes: Uint8Array, filename: string, filetype: string): Promise<string> {
  const location = await startUpload(app, token, bytes.length, filename, filetype);
  const patched = await sendBytes(app, token, location, 0, bytes);
  if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}: ${await patched.text()}`);
  return location;
}

/** A one-page PDF, as small as a PDF gets. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
