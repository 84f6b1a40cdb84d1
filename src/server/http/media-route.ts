// The pictures the embedded storage keeps, served under /media/uploads/{key} with headers that keep a
// browser from ever running them. (An S3 bucket serves its own; the route is then not there.)
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { embeddedFilePolicy, withSecurityHeaders } from '#server/security-headers.ts';
import { MEDIA_ROUTE, type EmbeddedStorage } from '#server/storage/embedded.ts';
import { isStorageKey, type Storage } from '#server/storage/storage.ts';
import { pathOf } from './request-url.ts';

/** The headers every stored image is served with: never sniffed, never run, cached for good. */
export const MEDIA_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
} as const;

const textAnswer = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

/** Whether a key is the file of a confirmed upload: nothing else is served (not a file still being checked). */
type IsConfirmed = (key: string) => Promise<boolean>;

/** Which keys are confirmed pictures, and the origins whose pages show them besides ours (CORS_ORIGINS). */
interface MediaOptions {
  isConfirmed: IsConfirmed;
  corsOrigins: readonly string[];
}

/** GET or HEAD /media/uploads/{key}: the image, or null when the path is not under MEDIA_ROUTE. */
export async function serveMedia(
  storage: EmbeddedStorage,
  request: Request,
  { isConfirmed, corsOrigins }: MediaOptions,
): Promise<Response | null> {
  // The raw path, as sent: an encoded slash or dot segment is simply not a key.
  const pathname = pathOf(request.url);
  if (!isMediaPath(pathname)) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return textAnswer(405, 'Method not allowed', { allow: 'GET, HEAD' });
  const key = pathname.slice(MEDIA_ROUTE.length + 1);
  const file = isStorageKey(key) ? storage.fileOf(key) : null;
  const object = file && (await isConfirmed(key)) ? await storage.stat(key) : null;
  if (!file || !object) return textAnswer(404, 'Not found');
  const headers = {
    ...MEDIA_HEADERS,
    ...embeddedFilePolicy(corsOrigins),
    'content-type': object.contentType!,
    'content-length': String(object.size),
  };
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

const isMediaPath = (pathname: string) => pathname.startsWith(`${MEDIA_ROUTE}/`);

type FetchHandler<B> = (request: Request, bindings?: B) => Promise<Response>;

const isEmbedded = (storage: Storage): storage is EmbeddedStorage => storage.kind === 'embedded' && 'fileOf' in storage;

/**
 * The site's handler with /media/uploads/{key} answered first from the embedded storage (main.ts).
 * Another storage serves its images itself: the handler is then returned as it is.
 */
export function withMediaRoute<B>(handler: FetchHandler<B>, storage: Storage, options: MediaOptions): FetchHandler<B> {
  if (!isEmbedded(storage)) return handler;
  return async (request, bindings) => {
    // Pages and API calls go straight on, without waiting on the storage's answer first.
    if (!isMediaPath(pathOf(request.url))) return handler(request, bindings);
    const media = await serveMedia(storage, request, options);
    return media ? withSecurityHeaders(media, false) : handler(request, bindings);
  };
}
