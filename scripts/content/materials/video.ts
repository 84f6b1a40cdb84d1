// A lesson video: three titled slides (the title, then the two key points), drawn by ffmpeg from
// lavfi colour sources with drawbox shapes and drawtext words, H.264 640x360 at 15 fps, no audio,
// +faststart and bit-exact, so a re-run makes the same bytes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Course, Material, VideoText } from './lessons.ts';

const W = 640;
const H = 360;
const FPS = 15;
const FADE_FRAMES = 6;

/** Greedy word wrap to at most `width` characters a line. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function findFont(pattern: string): string | undefined {
  const result = spawnSync('fc-match', ['-f', '%{file}', pattern], { encoding: 'utf8' });
  const file = result.stdout?.trim();
  return file && existsSync(file) ? file : undefined;
}

const ffmpegFilters = spawnSync('ffmpeg', ['-hide_banner', '-filters'], { encoding: 'utf8' });
const FONT_BOLD = findFont('DejaVu Sans:style=Bold');
const FONT_REGULAR = findFont('DejaVu Sans');
/** drawtext needs libfreetype and a font; without them the slides keep their shapes and lose their words. */
export const CAN_DRAW_TEXT = /\bdrawtext\b/.test(ffmpegFilters.stdout ?? '') && !!FONT_BOLD && !!FONT_REGULAR;

type Text = { text: string; size: number; colour: string; x: number | string; y: number | string; bold?: boolean };
type Box = { x: number; y: number; w: number; h: number; colour: string; thickness?: number };

function slideFilter(tmp: string, id: string, frames: number, boxes: Box[], texts: Text[]): string {
  const parts = [`trim=end_frame=${frames}`, 'setpts=PTS-STARTPTS'];
  for (const b of boxes) parts.push(`drawbox=x=${b.x}:y=${b.y}:w=${b.w}:h=${b.h}:color=${b.colour}:t=${b.thickness ?? 'fill'}`);
  if (CAN_DRAW_TEXT)
    texts.forEach((t, i) => {
      // drawtext reads the words from a file, so no quoting or escaping of punctuation is needed.
      const file = join(tmp, `${id}-${i}.txt`);
      writeFileSync(file, t.text);
      parts.push(
        `drawtext=fontfile=${t.bold ? FONT_BOLD : FONT_REGULAR}:textfile=${file}:expansion=none:fontsize=${t.size}:fontcolor=${t.colour}:x=${t.x}:y=${t.y}`,
      );
    });
  parts.push(`fade=t=in:s=0:n=${FADE_FRAMES}`, `fade=t=out:s=${frames - FADE_FRAMES}:n=${FADE_FRAMES}`, 'format=yuv420p');
  return parts.join(',');
}

/** A row of adire tiles: outlined squares with a dot in the middle. */
const tileColumn = (x: number, colour: string, dot: string): Box[] =>
  Array.from({ length: 9 }, (_, k) => [
    { x, y: 16 + k * 38, w: 24, h: 24, colour, thickness: 2 },
    { x: x + 8, y: 24 + k * 38, w: 8, h: 8, colour: dot },
  ]).flat();
const tileRow = (y: number, colour: string, count = 13): Box[] =>
  Array.from({ length: count }, (_, k) => ({ x: 56 + k * 42, y, w: 20, h: 20, colour, thickness: k % 2 ? 2 : undefined }));

function pointSlide(tmp: string, id: string, frames: number, n: number, point: string, lesson: string, theme: 'indigo' | 'blue') {
  const [boxColour, numberColour, rowColour] =
    theme === 'indigo' ? ['0xb45309', '0xffffff', '0xfdf6ec@0.3'] : ['0xfdf6ec', '0x1e1b4b', '0xb45309@0.8'];
  const lines = wrap(point, 25).slice(0, 3);
  const top = 180 - (lines.length * 38) / 2;
  return slideFilter(
    tmp,
    id,
    frames,
    [
      { x: 56, y: 132, w: 96, h: 96, colour: boxColour },
      { x: 190, y: top - 30, w: 48, h: 4, colour: '0xb45309' },
      ...tileRow(300, rowColour),
    ],
    [
      { text: lesson, size: 14, colour: '0xfdf6ec@0.75', x: 56, y: 36 },
      { text: String(n), size: 60, colour: numberColour, x: `56+(96-text_w)/2`, y: `132+(96-text_h)/2`, bold: true },
      ...lines.map((line, i) => ({ text: line, size: 28, colour: '0xffffff', x: 190, y: top + i * 38, bold: true })),
    ],
  );
}

export function makeVideo(course: Course, material: Material, index: number, text: VideoText, out: string) {
  const tmp = mkdtempSync(join(tmpdir(), 'materials-'));
  try {
    // Three slides of equal length: at 15 fps each lasts 5 frames per second of `length`.
    const frames = (material.length * FPS) / 3;
    const titleLines = wrap(material.title, 24).slice(0, 3);
    const courseLines = wrap(course.title, 48).slice(0, 2);
    const ruleY = 96 + titleLines.length * 42 + 10;
    const title = slideFilter(
      tmp,
      'title',
      frames,
      [
        { x: 0, y: 0, w: 84, h: H, colour: '0x312e81' },
        ...tileColumn(30, '0xfdf6ec@0.6', '0xb45309'),
        { x: 112, y: ruleY, w: 64, h: 5, colour: '0xb45309' },
      ],
      [
        { text: 'ADIRE FASHION ACADEMY', size: 13, colour: '0xfdf6ec@0.75', x: 112, y: 40 },
        ...titleLines.map((line, i) => ({ text: line, size: 32, colour: '0xffffff', x: 112, y: 96 + i * 42, bold: true })),
        ...courseLines.map((line, i) => ({ text: line, size: 17, colour: '0xfdf6ec', x: 112, y: ruleY + 22 + i * 24 })),
        { text: `Material ${index + 1} of ${course.materials.length} · video`, size: 14, colour: '0xfdf6ec@0.7', x: 112, y: 318 },
      ],
    );
    const one = pointSlide(tmp, 'one', frames, 1, text.points[0], material.title, 'indigo');
    const two = pointSlide(tmp, 'two', frames, 2, text.points[1], material.title, 'blue');
    const colours = ['0x1e1b4b', '0x312e81', '0x1d4ed8'];
    const inputs = colours.flatMap((c) => ['-f', 'lavfi', '-i', `color=c=${c}:s=${W}x${H}:r=${FPS}`]);
    const graph = `[0:v]${title}[a];[1:v]${one}[b];[2:v]${two}[c];[a][b][c]concat=n=3:v=1:a=0[v]`;
    const result = spawnSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[v]'],
        ...['-c:v', 'libx264', '-profile:v', 'high', '-preset', 'slow', '-tune', 'stillimage', '-crf', '27', '-pix_fmt', 'yuv420p'],
        ...[
          '-r',
          String(FPS),
          '-an',
          '-map_metadata',
          '-1',
          '-fflags',
          '+bitexact',
          '-flags:v',
          '+bitexact',
          '-movflags',
          '+faststart',
          out,
        ],
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`ffmpeg failed for ${out}: ${result.stderr || result.error?.message}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The video's poster: the frame in the middle of its title slide (the first third; its first
 * frames fade in from black), as a WebP still the size of the video, bit-exact like the video.
 */
export function makePoster(video: string, seconds: number, out: string) {
  const at = (seconds / 6).toFixed(2);
  const result = spawnSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', at, '-i', video, '-frames:v', '1'],
      ...['-c:v', 'libwebp', '-quality', '80', '-compression_level', '6', '-map_metadata', '-1', '-fflags', '+bitexact', out],
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`ffmpeg failed for ${out}: ${result.stderr || result.error?.message}`);
}

export function videoSeconds(file: string): number {
  const result = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  return Number(result.stdout.trim());
}
