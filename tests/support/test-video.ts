// Short videos for the lesson tests (API and end to end), made by ffmpeg's test source with a tone:
// a few seconds, small, so the tests stay fast.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A video of `seconds` from ffmpeg's test pattern, `height` lines (16:9), `rate` frames a second, with a tone: its bytes. */
export async function testVideo(dir: string, seconds: number, height: number, rate = 15): Promise<Buffer> {
  const path = join(dir, `test-${seconds}s-${height}p.mp4`);
  const width = Math.round((height * 16) / 9 / 2) * 2;
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${width}x${height}:rate=${rate}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path],
  ]);
  return readFile(path);
}
