// One video lesson into what students on slow data are served (ADR 020): separate MP4s, H.264/AAC,
// 240p (~250 kbit/s), 360p (~500) and 720p (~1,500), never above the source's height, each with its
// index at the front (faststart) so playback starts before the whole file is in; a poster (WebP) and
// the duration. The source is decoded once and split into the renditions in one ffmpeg run. Each file
// is written under a temporary name and renamed when whole: a run killed halfway (a restart) leaves
// nothing that looks finished, and the job's next run writes everything again.
import { execFile } from 'node:child_process';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LessonRendition } from '#server/db/schema.ts';
import { probeVideo } from './file-check.ts';

const run = promisify(execFile);

/** The ladder: height, video and audio kbit/s. */
const LADDER = [
  { height: 240, video: 250, audio: 48 },
  { height: 360, video: 500, audio: 64 },
  { height: 720, video: 1500, audio: 96 },
] as const;

const POSTER_FILE = 'poster.webp';
const renditionFile = (height: number, prefix = '') => `${prefix}${height}p.mp4`;

/** The source is not a video ffprobe can read: the lesson fails with this reason, never retried. */
export class UnreadableVideoError extends Error {
  override name = 'UnreadableVideoError';
}

export interface Transcoded {
  duration: number;
  renditions: LessonRendition[];
  poster: string;
}

export interface TranscodeOptions {
  /** x264's speed preset: 'veryfast' serves; the tests pass 'ultrafast'. */
  preset: string;
  /** Kills ffmpeg (a stopping server). */
  signal?: AbortSignal;
  /** Put before every file's name: a replacement's files sit beside the ones students are served (./replace-file.ts). */
  prefix?: string;
}

/** The heights to make for a source `height` lines tall: the ladder's up to it (a source below 240 lines still gets 240p). */
const renditionHeights = (height: number) => {
  const fitting = LADDER.filter((step) => step.height <= height);
  return fitting.length > 0 ? fitting : [LADDER[0]];
};

/** Transcodes `dir/source`; throws with ffmpeg's last words when it fails. */
export async function transcodeVideo(dir: string, source: string, options: TranscodeOptions): Promise<Transcoded> {
  const input = join(dir, source);
  const prefix = options.prefix ?? '';
  const posterFile = `${prefix}${POSTER_FILE}`;
  const probe = await probeVideo(input);
  if (typeof probe === 'string') throw new UnreadableVideoError(probe);
  const steps = renditionHeights(probe.height);

  const split = `[0:v]split=${steps.length}${steps.map((_, i) => `[s${i}]`).join('')}`;
  const scales = steps.map((step, i) => `[s${i}]scale=-2:${step.height}[v${i}]`);
  const outputs = steps.flatMap((step, i) => [
    ...['-map', `[v${i}]`, ...(probe.hasAudio ? ['-map', '0:a:0?'] : [])],
    ...['-c:v', 'libx264', '-preset', options.preset, '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-b:v', `${step.video}k`, '-maxrate', `${Math.round(step.video * 1.5)}k`, '-bufsize', `${step.video * 2}k`],
    ...(probe.hasAudio ? ['-c:a', 'aac', '-b:a', `${step.audio}k`, '-ac', '2'] : []),
    ...['-movflags', '+faststart', '-f', 'mp4', join(dir, `${renditionFile(step.height, prefix)}.part`)],
  ]);
  // A file that makes ffmpeg hang must not hold the queue: 10 minutes plus 20 s per second of video
  // (this machine took about 3 s per second under load, ADR 020), then it is killed and the job retried.
  const timeout = 10 * 60_000 + probe.duration * 20_000;
  const ffmpeg = (args: string[]) =>
    run('ffmpeg', ['-v', 'error', '-y', '-nostdin', ...args], {
      maxBuffer: 4 * 1024 * 1024,
      timeout,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  await ffmpeg(['-i', input, '-filter_complex', [split, ...scales].join(';'), ...outputs]);
  // The poster: a frame a second in (or halfway through a shorter video), 360 lines high at most.
  const at = Math.min(1, probe.duration / 2);
  await ffmpeg([
    ...['-ss', String(at), '-i', input, '-frames:v', '1', '-vf', `scale=-2:${Math.min(360, probe.height)}`],
    ...['-c:v', 'libwebp', '-quality', '75', '-f', 'webp', join(dir, `${posterFile}.part`)],
  ]);

  const renditions: LessonRendition[] = [];
  for (const step of steps) {
    const file = renditionFile(step.height, prefix);
    await rename(join(dir, `${file}.part`), join(dir, file));
    renditions.push({ height: step.height, size: (await stat(join(dir, file))).size, file });
  }
  await rename(join(dir, `${posterFile}.part`), join(dir, posterFile));
  return { duration: probe.duration, renditions, poster: posterFile };
}

/** The files a run with `prefix` makes (renditions and poster), whether it made them all or not. */
export const madeFiles = (prefix = '') => [...LADDER.map((step) => renditionFile(step.height, prefix)), `${prefix}${POSTER_FILE}`];

/** Removes what a run (with that prefix) left half-written. */
export async function removePartFiles(dir: string, prefix = ''): Promise<void> {
  await Promise.all(madeFiles(prefix).map((file) => rm(join(dir, `${file}.part`), { force: true })));
}
