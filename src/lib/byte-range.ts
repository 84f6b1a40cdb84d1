// The one byte range a Range header asks for: the rule of the Node server's files (static site,
// course materials: src/server/http/send-file.ts) and of the service worker's saved course files
// (src/service-worker/worker.ts), so a video seeks the same online and offline.
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * The one byte range a Range header asks for, 'unsatisfiable' when it lies past the end, or null when
 * the header is to be ignored (absent, malformed, another unit, or several ranges: the whole file is
 * then a valid answer, simpler than a multipart one and what clients that ask for several accept).
 */
export function parseRange(header: string | null, size: number): ByteRange {
  const match = header?.match(/^\s*bytes\s*=\s*(.*)$/i);
  if (!match) return null;
  const specs = match[1]!.split(',').map((spec) => spec.trim());
  if (specs.length !== 1) return null;
  const parts = specs[0]!.match(/^(\d*)\s*-\s*(\d*)$/);
  if (!parts || (!parts[1] && !parts[2])) return null;
  if (!parts[1]) {
    // bytes=-n: the last n bytes.
    const length = Number(parts[2]);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(parts[1]);
  const end = parts[2] ? Number(parts[2]) : Infinity;
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
