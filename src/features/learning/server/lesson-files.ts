// Which file of a lesson added from the console a material link serves: a PDF lesson's PDF; a video
// lesson's default rendition (360p, else the lowest it has: a phone on slow data starts there).
import type { LessonFiles } from './progress.ts';

const DEFAULT_HEIGHT = 360;

export function lessonMainFile(kind: 'video' | 'pdf', source: string, lesson: LessonFiles): string | null {
  if (kind === 'pdf') return source;
  const byHeight = [...lesson.renditions].sort((a, b) => a.height - b.height);
  return (byHeight.find((r) => r.height === DEFAULT_HEIGHT) ?? byHeight[0])?.file ?? null;
}
