// Which rendition of a video lesson (docs/decisions/020-lessons-video.md: separate MP4s at 240,
// 360 and 720 lines) a student's phone starts with, and which one saving for offline keeps. MP4s
// play in the browser's own <video>, so the choice is the whole of the "player logic": no player
// library. The connection is read from the Network Information API where the browser has it
// (Chromium, Android's browsers); elsewhere the middle rendition is the safe guess.

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

/** Below this many Mbit/s, 240p (~300 kbit/s with sound) is what plays without stalling. */
const DOWNLINK_FOR_360 = 0.8;
/** Below this, 360p (~575 kbit/s); at it and above, 720p (~1.6 Mbit/s). */
const DOWNLINK_FOR_720 = 2.5;
/** Saving for offline keeps this one unless the student chooses or saves data. */
const OFFLINE_DEFAULT = 360;
const LOWEST = 240;

/** The browser's connection, when it tells one. */
export const browserConnection = (): ConnectionInfo | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection;

/** The browser says the connection is metered or slow: Data Saver (Save-Data) on, or 2G. */
export const connectionSavesData = (connection: ConnectionInfo | undefined) =>
  Boolean(connection?.saveData) || ['slow-2g', '2g'].includes(connection?.effectiveType ?? '');

/** The available height nearest `wanted` from below (never more than asked), else the lowest there is. */
function nearest(heights: readonly number[], wanted: number): number | null {
  const sorted = [...heights].sort((a, b) => a - b);
  return sorted.filter((height) => height <= wanted).at(-1) ?? sorted[0] ?? null;
}

/** The height a connection carries without stalling. */
function heightFor(connection: ConnectionInfo | undefined, dataSaver: boolean): number {
  if (dataSaver || connectionSavesData(connection)) return LOWEST;
  const downlink = connection?.downlink;
  if (typeof downlink !== 'number' || !Number.isFinite(downlink) || downlink <= 0) return OFFLINE_DEFAULT;
  if (downlink < DOWNLINK_FOR_360) return LOWEST;
  return downlink < DOWNLINK_FOR_720 ? 360 : 720;
}

/**
 * The rendition a video starts at: 240p when data is saved (the browser's Save-Data or 2G, or the
 * page's own Data saver), else by the browser's estimate of the connection; 360p without one.
 */
export const startingHeight = (heights: readonly number[], connection: ConnectionInfo | undefined, dataSaver: boolean) =>
  nearest(heights, heightFor(connection, dataSaver));

/** The rendition saving for offline keeps: the student's choice, else 240p when data is saved, else 360p. */
export const offlineHeight = (heights: readonly number[], chosen: number | null, dataSaver: boolean) =>
  nearest(heights, chosen ?? (dataSaver ? LOWEST : OFFLINE_DEFAULT));
