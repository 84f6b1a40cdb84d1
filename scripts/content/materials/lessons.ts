// The course materials to make and their words: the `materials` list of each content/courses/*.md,
// and the words of each in content/lessons/<course-slug>.yaml (a handout's text, or a video's two key
// points), checked here so a missing or misspelt field names its file and material.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { parse } from 'yaml';

const COURSES_DIR = 'content/courses';
const LESSONS_DIR = 'content/lessons';

export type Material = { id: string; title: string; kind: 'video' | 'pdf'; file: string; length: number };
export type Course = { slug: string; title: string; materials: Material[] };

const text = v.pipe(v.string(), v.nonEmpty());

/** A page after the handout's first: a table to fill in, or ruled lines for notes. */
const SheetSchema = v.union([
  v.strictObject({ heading: text, note: v.optional(text), head: v.array(text), rows: v.array(v.array(v.string())) }),
  v.strictObject({ heading: text, note: v.optional(text), lines: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
]);
export type Sheet = v.InferOutput<typeof SheetSchema>;

const HandoutSchema = v.strictObject({
  lead: text,
  body: v.array(text),
  listTitle: text,
  list: v.array(text),
  ordered: v.optional(v.boolean()),
  task: v.optional(text),
  sheets: v.optional(v.array(SheetSchema)),
});
export type Handout = v.InferOutput<typeof HandoutSchema>;

/** The two key points a video shows after its title slide, short enough for two or three lines. */
const VideoTextSchema = v.strictObject({ points: v.tuple([text, text]) });
export type VideoText = v.InferOutput<typeof VideoTextSchema>;

const LessonFileSchema = v.record(v.string(), v.union([VideoTextSchema, HandoutSchema]));

export function readCourses(): Course[] {
  return readdirSync(COURSES_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const source = readFileSync(join(COURSES_DIR, name), 'utf8');
      const match = /^---\n([\s\S]*?)\n---/.exec(source);
      if (!match) throw new Error(`${COURSES_DIR}/${name}: no frontmatter`);
      const data = parse(match[1]!) as { title: string; materials?: Material[] };
      // A course made in the editor lists none: its lessons come from the staff console.
      return { slug: name.replace(/\.md$/, ''), title: data.title, materials: data.materials ?? [] };
    });
}

/** Every lesson's words, keyed '<course-slug>/<material-id>'. Throws naming the file and material of a bad entry. */
export function readLessons(): Map<string, Handout | VideoText> {
  const lessons = new Map<string, Handout | VideoText>();
  for (const name of readdirSync(LESSONS_DIR)
    .filter((file) => file.endsWith('.yaml'))
    .sort()) {
    const file = join(LESSONS_DIR, name);
    const result = v.safeParse(LessonFileSchema, parse(readFileSync(file, 'utf8')));
    if (!result.success) {
      const issue = result.issues[0];
      throw new Error(`${file}: ${v.getDotPath(issue) ?? '(file)'}: ${issue.message}`);
    }
    for (const [id, lesson] of Object.entries(result.output)) lessons.set(`${name.replace(/\.yaml$/, '')}/${id}`, lesson);
  }
  return lessons;
}
