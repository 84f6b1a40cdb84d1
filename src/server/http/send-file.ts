// Files from disk as HTTP answers: a path that cannot leave its folder, the one byte range a Range
// header asks for, and the file streamed whole or in part. The static site (from memory) and the
// course materials (from disk) share the range rule.
import type { FileHandle } from 'node:fs/promises';
import { basename, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { parseRange } from '#lib/byte-range.ts';

/**
 * The path of `folder`/`file` inside `root`; null when either is not a plain name (empty, hidden, or
 * holding a separator or NUL), so nothing outside `root` is ever opened, whatever the names say.
 */
export function pathInside(root: string, folder: string, file: string): string | null {
  const plain = (name: string) => name !== '' && basename(name) === name && !name.startsWith('.') && !/[\\/\0]/.test(name);
  if (!plain(folder) || !plain(file)) return null;
  const base = resolve(root);
  const full = resolve(base, folder, file);
  return full.startsWith(base + sep) ? full : null;
}

export interface SendFileOptions {
  /** The Content-Type the bytes are served with. */
  type: string;
  cacheControl: string;
}

/** Bytes served in ranges: a file on disk, or an object in a bucket. */
export interface RangedSource {
  size: number;
  etag: string;
  lastModified: Date;
  /** Bytes `start` to `end`, inclusive. */
  read(start: number, end: number): Promise<Readable>;
}

/** The whole source, or the one byte range asked for (If-Range honoured), streamed. */
export async function sendRanged(request: Request, source: RangedSource, { type, cacheControl }: SendFileOptions): Promise<Response> {
  const { size, etag } = source;
  const modified = source.lastModified.toUTCString();
  const headers = new Headers({
    'content-type': type,
    'content-disposition': 'inline',
    'x-content-type-options': 'nosniff',
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
    etag,
    'last-modified': modified,
  });
  // A range only of the file the client started on (If-Range names its tag or date).
  const ifRange = request.headers.get('if-range') ?? undefined;
  const rangeApplies = ifRange === undefined || ifRange === etag || ifRange === modified;
  const range = rangeApplies ? parseRange(request.headers.get('range'), size) : null;
  if (range === 'unsatisfiable') {
    headers.set('content-range', `bytes */${size}`);
    headers.set('content-length', '0');
    return new Response(null, { status: 416, headers });
  }
  const start = range ? range.start : 0;
  const end = range ? range.end : size - 1;
  if (range) headers.set('content-range', `bytes ${start}-${end}/${size}`);
  headers.set('content-length', String(Math.max(0, end - start + 1)));
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
  return new Response(Readable.toWeb(await source.read(start, end)) as ReadableStream<Uint8Array>, { status, headers });
}

/**
 * The whole file, or the one byte range asked for (If-Range honoured), streamed from the open
 * handle, which is closed when done; null (the handle closed) when it is not a regular file.
 */
export async function sendFile(request: Request, handle: FileHandle, options: SendFileOptions): Promise<Response | null> {
  let handed = false;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const source: RangedSource = {
      size: info.size,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
      read: (start, end) => {
        handed = true;
        return Promise.resolve(handle.createReadStream({ start, end, autoClose: true }));
      },
    };
    return await sendRanged(request, source, options);
  } finally {
    if (!handed) await handle.close().catch(() => {});
  }
}
