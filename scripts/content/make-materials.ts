// Makes the paid course materials in content/materials/<course-slug>/ from the `materials` list in
// each content/courses/*.md and the words in content/lessons/<course-slug>.yaml (keyed by material
// id): every `pdf` is a lesson handout (./materials/pdf.ts: HTML printed by headless Chromium), every
// `video` a short titled slide show (./materials/video.ts: ffmpeg, H.264, 640x360, no audio) with
// its poster beside it (<name>.poster.webp, a still of its title slide, for the player). The
// output is committed, so CI and the build need neither ffmpeg nor this script; run it again after
// adding or changing a material or its words. Existing files are kept unless --force is given.
//
// Usage: npx node scripts/content/make-materials.ts [--force] [course-slug ...]
// Checks: a PDF has as many pages as its `length`, a video lasts `length` seconds; a PDF stays under
// 60 KB, a video under 250 KB and a poster under 20 KB. Exits 1 if anything is missing or out of bounds.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/chromium.ts';
import { readCourses, readLessons } from './materials/lessons.ts';
import { makePdf, pageCount } from './materials/pdf.ts';
import { posterFileOf } from '#features/learning/poster-file.ts';
import { CAN_DRAW_TEXT, makePoster, makeVideo, videoSeconds } from './materials/video.ts';

const MATERIALS_DIR = 'content/materials';
const MAX_PDF_BYTES = 60_000;
const MAX_VIDEO_BYTES = 250_000;
const MAX_POSTER_BYTES = 20_000;

const args = process.argv.slice(2);
const force = args.includes('--force');
const only = new Set(args.filter((arg) => !arg.startsWith('--')));
const lessons = readLessons();

const courses = readCourses().filter((course) => only.size === 0 || only.has(course.slug));
const problems: string[] = [];
const known = new Set(courses.flatMap((course) => course.materials.map((m) => `${course.slug}/${m.id}`)));
if (only.size === 0)
  for (const key of lessons.keys()) if (!known.has(key)) problems.push(`content/lessons has text for ${key}, which no course lists`);

let browser: Browser | undefined;
let made = 0;
let kept = 0;
let bytes = 0;
try {
  for (const course of courses) {
    // A course made in the editor lists none (its lessons come from the staff console): no folder.
    if (!course.materials.length) continue;
    const dir = join(MATERIALS_DIR, course.slug);
    mkdirSync(dir, { recursive: true });
    for (const [index, material] of course.materials.entries()) {
      const key = `${course.slug}/${material.id}`;
      const out = join(dir, material.file);
      const text = lessons.get(key);
      const expected = material.kind === 'video' ? '.mp4' : '.pdf';
      if (!material.file.endsWith(expected)) {
        problems.push(`${key}: a ${material.kind} must be a ${expected} file, not ${material.file}`);
        continue;
      }
      if (!text || 'points' in text !== (material.kind === 'video')) {
        problems.push(`${key}: no ${material.kind === 'video' ? 'video points' : 'handout'} in content/lessons/${course.slug}.yaml`);
        continue;
      }
      const fresh = !existsSync(out) || force;
      if (!fresh) kept++;
      else {
        if ('points' in text) makeVideo(course, material, index, text, out);
        else {
          browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
          await makePdf(browser, course, material, index, text, out);
        }
        made++;
        console.log(`made ${out}`);
      }
      const size = statSync(out).size;
      bytes += size;
      if (material.kind === 'pdf') {
        const pages = pageCount(readFileSync(out));
        if (pages !== material.length) problems.push(`${out}: ${pages} page(s), but the course says length ${material.length}`);
        if (size > MAX_PDF_BYTES) problems.push(`${out}: ${size} bytes, over ${MAX_PDF_BYTES}`);
      } else {
        const seconds = videoSeconds(out);
        if (Math.abs(seconds - material.length) > 0.25)
          problems.push(`${out}: ${seconds} s, but the course says length ${material.length}`);
        if (size > MAX_VIDEO_BYTES) problems.push(`${out}: ${size} bytes, over ${MAX_VIDEO_BYTES}`);
        // A new video gets a new poster; a kept one keeps its poster, or gets the one it lacks.
        const poster = join(dir, posterFileOf(material.file));
        if (fresh || !existsSync(poster)) {
          makePoster(out, material.length, poster);
          made++;
          console.log(`made ${poster}`);
        }
        const posterSize = statSync(poster).size;
        bytes += posterSize;
        if (posterSize > MAX_POSTER_BYTES) problems.push(`${poster}: ${posterSize} bytes, over ${MAX_POSTER_BYTES}`);
      }
    }
    const listed = new Set(course.materials.flatMap((m) => (m.kind === 'video' ? [m.file, posterFileOf(m.file)] : [m.file])));
    for (const file of readdirSync(dir)) if (!listed.has(file)) problems.push(`${join(dir, file)} is not listed in the course`);
  }
} finally {
  await browser?.close();
}

console.log(`${made} files made, ${kept} materials kept; ${courses.length} courses, ${(bytes / 1e6).toFixed(2)} MB of materials`);
if (!CAN_DRAW_TEXT) console.warn('ffmpeg drawtext or a DejaVu font is missing: videos were drawn without words');
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
