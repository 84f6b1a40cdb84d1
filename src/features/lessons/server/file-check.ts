// Is an uploaded file what staff say it is? A PDF by its first bytes; a video by ffprobe, which must
// find a video stream in it (a text file named .mp4, or a file ffprobe cannot read, is refused with
// the reason). ffprobe reads the container's header, not the whole file: a 4 GiB upload is checked in
// well under a second, from the disk or (S3_BUCKET) through a short-lived URL of the object.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { LessonFile } from './upload-store.ts';

const run = promisify(execFile);

export const FILE_REFUSALS = {
  notPdf: 'This file is not a PDF (it does not start as a PDF does).',
  notVideo: 'This file is not a video ffprobe can read.',
  noPicture: 'This file has no video stream.',
  notCaptions: 'The captions file is not WebVTT (it does not start with WEBVTT).',
} as const;

export interface VideoProbe {
  /** Seconds, rounded. */
  duration: number;
  /** The first video stream's height in pixels. */
  height: number;
  hasAudio: boolean;
}

/** What ffprobe says of a video (a path or a URL); the reason when it cannot read it or finds no picture. */
export async function probeVideo(path: string): Promise<VideoProbe | string> {
  let output: string;
  try {
    ({ stdout: output } = await run(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_type,height:format=duration', '-of', 'json', path],
      { timeout: 60_000, maxBuffer: 1024 * 1024 },
    ));
  } catch {
    return FILE_REFUSALS.notVideo;
  }
  const probe = JSON.parse(output) as { streams?: { codec_type?: string; height?: number }[]; format?: { duration?: string } };
  const picture = probe.streams?.find((stream) => stream.codec_type === 'video' && (stream.height ?? 0) > 0);
  if (!picture) return FILE_REFUSALS.noPicture;
  const duration = Number(probe.format?.duration);
  if (!Number.isFinite(duration) || duration <= 0) return FILE_REFUSALS.notVideo;
  return {
    duration: Math.round(duration),
    height: picture.height!,
    hasAudio: probe.streams!.some((stream) => stream.codec_type === 'audio'),
  };
}

/** Null when the file is what `kind` says; else the reason it is refused. */
export async function checkLessonFile(file: LessonFile, kind: 'video' | 'pdf'): Promise<string | null> {
  if (kind === 'pdf') return (await file.start(5)).toString('latin1') === '%PDF-' ? null : FILE_REFUSALS.notPdf;
  const probe = await probeVideo(await file.probeInput());
  return typeof probe === 'string' ? probe : null;
}

/** Null when the file is WebVTT (a byte-order mark allowed); else the reason. */
export async function checkCaptionsFile(file: LessonFile): Promise<string | null> {
  const start = (await file.start(9)).toString('utf8').replace(/^\uFEFF/, '');
  return /^WEBVTT(\s|$)/.test(start) ? null : FILE_REFUSALS.notCaptions;
}
