// Which rendition of a video lesson the player starts at: the one the connection carries. MP4s play
// in the browser's own <video>, so this choice (and the student's own, in the player) is the whole of
// the player's logic: no player library (docs/decisions/020-lessons-video.md). Where the browser
// tells nothing of the connection (no Network Information API: Safari, Firefox), the middle
// rendition is the safe guess.
import { connectionSavesData, LOWEST, MIDDLE, nearest, type ConnectionInfo } from './renditions.ts';

/** Below this many Mbit/s, 240p (~300 kbit/s with sound) is what plays without stalling. */
const DOWNLINK_FOR_360 = 0.8;
/** Below this, 360p (~575 kbit/s); at it and above, 720p (~1.6 Mbit/s). */
const DOWNLINK_FOR_720 = 2.5;

/** The height a connection carries without stalling. */
function heightFor(connection: ConnectionInfo | undefined, dataSaver: boolean): number {
  if (dataSaver || connectionSavesData(connection)) return LOWEST;
  const downlink = connection?.downlink;
  if (typeof downlink !== 'number' || !Number.isFinite(downlink) || downlink <= 0) return MIDDLE;
  if (downlink < DOWNLINK_FOR_360) return LOWEST;
  return downlink < DOWNLINK_FOR_720 ? 360 : 720;
}

/**
 * The rendition a video starts at: 240p when data is saved (the browser's Save-Data or 2G, or the
 * page's own Data saver), else by the browser's estimate of the connection; 360p without one.
 */
export const startingHeight = (heights: readonly number[], connection: ConnectionInfo | undefined, dataSaver: boolean) =>
  nearest(heights, heightFor(connection, dataSaver));
