// What the console checks before sending a lesson's files (docs/product.md#lessons): the title and
// position by the routes' own schemas, and each file by its type and size, so a wrong file is said
// at once, under its field, before any byte is sent. The server checks the bytes themselves.
import * as v from 'valibot';
import { LESSON_UPLOAD_MAX_BYTES, LessonPositionSchema, LessonTitleSchema } from '#lib/schemas/lessons.ts';

export type LessonKind = 'video' | 'pdf';

export const LESSON_FORM_MESSAGES = {
  noFile: 'Choose the lesson file',
  notVideo: 'This is not a video file: choose an MP4, MOV, WebM or MKV video',
  notPdf: 'This is not a PDF: choose a .pdf file',
  notCaptions: 'Captions must be a WebVTT file (.vtt)',
  empty: 'This file is empty',
  tooBig: 'A lesson file can be at most 4 GB',
  nothing: 'Choose a new file or new captions',
} as const;

const VIDEO_NAME = /\.(mp4|m4v|mov|webm|mkv)$/i;
/** Captions are small text: anything larger is not captions. */
const CAPTIONS_MAX_BYTES = 5 * 1024 * 1024;

/** Null when `file` may be sent as the lesson's file; else why not. */
export function lessonFileError(file: File | null, kind: LessonKind): string | null {
  if (!file) return LESSON_FORM_MESSAGES.noFile;
  if (kind === 'video' && !file.type.startsWith('video/') && !VIDEO_NAME.test(file.name)) return LESSON_FORM_MESSAGES.notVideo;
  if (kind === 'pdf' && file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return LESSON_FORM_MESSAGES.notPdf;
  if (file.size === 0) return LESSON_FORM_MESSAGES.empty;
  if (file.size > LESSON_UPLOAD_MAX_BYTES) return LESSON_FORM_MESSAGES.tooBig;
  return null;
}

/** Null when no captions were chosen or they may be sent; else why not. */
export function captionsFileError(file: File | null): string | null {
  if (!file) return null;
  if (!/\.vtt$/i.test(file.name) && file.type !== 'text/vtt') return LESSON_FORM_MESSAGES.notCaptions;
  if (file.size === 0) return LESSON_FORM_MESSAGES.empty;
  if (file.size > CAPTIONS_MAX_BYTES) return LESSON_FORM_MESSAGES.notCaptions;
  return null;
}

/** The title's message, or null. */
export const titleError = (title: string) => {
  const parsed = v.safeParse(LessonTitleSchema, title);
  return parsed.success ? null : parsed.issues[0].message;
};

/** The position typed (empty: after the others): its number, or its message. */
export function positionOf(typed: string): { position?: number } | { error: string } {
  if (typed.trim() === '') return {};
  const parsed = v.safeParse(LessonPositionSchema, Number(typed));
  return parsed.success ? { position: parsed.output } : { error: parsed.issues[0].message };
}

/** '1.5 MB': the upload's progress in the unit a 4 GB file is counted in. */
export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** '4:05' (or '1:02:03'), a video's length. */
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
