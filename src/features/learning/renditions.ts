// A video lesson's renditions (docs/decisions/020-lessons-video.md: separate MP4s at 240, 360 and
// 720 lines) and the connection: which one saving for offline keeps (the course page needs it on
// load); which one the player starts at is ./starting-rendition.ts (loaded with the player). The
// connection is read from the Network Information API where the browser has it (Chromium,
// Android's browsers).

/** A rendition as GET user/student/courses/{id} lists it. */
export interface Rendition {
  height: number;
  url: string;
  size: number | null;
}

/** What navigator.connection tells, where it exists. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
  /** Mbit/s, as the browser estimates it (Chromium rounds it and caps it at 10). */
  downlink?: number;
}

/** Saving for offline keeps this one unless the student chooses or saves data; a player without a connection estimate starts there. */
export const MIDDLE = 360;
export const LOWEST = 240;

/** The browser's connection, when it tells one. */
export const browserConnection = (): ConnectionInfo | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection;

/** The browser says the connection is metered or slow: Data Saver (Save-Data) on, or 2G. */
export const connectionSavesData = (connection: ConnectionInfo | undefined) =>
  Boolean(connection?.saveData) || ['slow-2g', '2g'].includes(connection?.effectiveType ?? '');

/** The available height nearest `wanted` from below (never more than asked), else the lowest there is. */
export function nearest(heights: readonly number[], wanted: number): number | null {
  const sorted = [...heights].sort((a, b) => a - b);
  return sorted.filter((height) => height <= wanted).at(-1) ?? sorted[0] ?? null;
}

/** The rendition saving for offline keeps: the student's choice, else 240p when data is saved, else 360p. */
export const offlineHeight = (heights: readonly number[], chosen: number | null, dataSaver: boolean) =>
  nearest(heights, chosen ?? (dataSaver ? LOWEST : MIDDLE));
