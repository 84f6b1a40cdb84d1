// Saving a material's file on the phone (docs/product.md#offline-study): fetched with its poster,
// telling the bytes as they arrive, and kept in Cache Storage only once it all arrived. Only a
// student's press on 'Save' runs it, so its code is fetched then (./saving.ts), not with the pages.
import { MATERIALS_CACHE, savedFileUrl } from '#lib/offline/keys.ts';

export interface FileToSave {
  student: string;
  course: string;
  material: string;
  /** The signed link of the file (and of its poster, for a video). */
  url: string;
  posterUrl: string | null;
}

/** Reads an answer's body, telling how many bytes arrived so far. */
async function readWithProgress(answer: Response, onBytes: (bytes: number) => void): Promise<Blob> {
  const type = answer.headers.get('content-type') ?? 'application/octet-stream';
  if (!answer.body) return answer.blob();
  const reader = answer.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    onBytes(read.value.byteLength);
  }
  return new Blob(chunks, { type });
}

async function fetchFile(url: string, onBytes: (bytes: number) => void): Promise<Response> {
  const answer = await fetch(url, { cache: 'no-store', credentials: 'omit' });
  if (!answer.ok) throw new Error(`The file answered ${answer.status}`);
  const body = await readWithProgress(answer, onBytes);
  return new Response(body, { headers: { 'content-type': body.type, 'content-length': String(body.size) } });
}

/**
 * Saves a material's file (and a video's poster) for offline study, telling the bytes as they
 * arrive. Nothing is kept unless everything arrived.
 */
export async function saveFile(file: FileToSave, onBytes: (bytes: number) => void): Promise<void> {
  // Ask the browser not to clear what the student saved when space runs low (it may still ask them).
  void navigator.storage?.persist?.().catch(() => false);
  const cache = await caches.open(MATERIALS_CACHE);
  const where = { student: file.student, course: file.course, material: file.material };
  const main = await fetchFile(file.url, onBytes);
  const poster = file.posterUrl ? await fetchFile(file.posterUrl, onBytes).catch(() => null) : null;
  await cache.put(savedFileUrl({ ...where, poster: false }), main);
  if (poster) await cache.put(savedFileUrl({ ...where, poster: true }), poster);
}
