// The figures of ADR 020, measured on this machine, not in the test suite: makes a test lesson of
// MINUTES minutes (720p, 30 fps, with a tone, and grain so the encoder has real work: a flat test
// pattern compresses far below the target bitrates), transcodes it as the server's worker does
// (preset veryfast) and prints the time per minute of video and the bytes of each rendition, also
// scaled to a 10-minute lesson. Usage: node scripts/checks/lesson-transcode-figures.ts [minutes, default 1]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transcodeVideo } from '#features/lessons/server/transcode.ts';

const minutes = Number(process.argv[2] ?? '1');
const dir = mkdtempSync(join(tmpdir(), 'afa-transcode-figures-'));
try {
  const seconds = Math.round(minutes * 60);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=1280x720:rate=30`],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`],
    ...['-vf', 'noise=alls=12:allf=t', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '4000k', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-shortest', '-f', 'mp4', join(dir, 'source')],
  ]);
  const started = performance.now();
  const made = await transcodeVideo(dir, 'source', { preset: 'veryfast' });
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `Source: ${minutes} min of 720p. Transcoding took ${elapsed.toFixed(1)} s: ${(elapsed / minutes).toFixed(1)} s per minute of video.`,
  );
  for (const rendition of made.renditions)
    console.log(
      `${rendition.height}p: ${(rendition.size / 1e6).toFixed(2)} MB for ${minutes} min; ${((rendition.size * 10) / minutes / 1e6).toFixed(1)} MB for 10 min; ${((rendition.size * 8) / (minutes * 60) / 1000).toFixed(0)} kbit/s`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
