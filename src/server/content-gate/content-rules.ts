// The content rules that depend on where a file is and what else is there: a picture's size and
// folder, a course's paid materials, a field naming another entry. One set, held in two places:
// the local editor's gate (scripts/editor/gate.ts) refuses a save that breaks one, and the build
// (build-gate.ts) refuses content that breaks one whatever way it came (the production editor's
// pull request, a commit), naming the file and, where there is one, the line. The rules of a
// file's own text and bytes (raw HTML, unsafe links, a picture that is not what its name says) are
// in content-check.ts.
import { posix } from 'node:path';
import sharp from 'sharp';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/** A problem in one file: where, and what the editor should change. */
export interface ContentProblem {
  file: string;
  line?: number;
  message: string;
}

export const formatProblem = ({ file, line, message }: ContentProblem) => `${file}${line ? `:${line}` : ''}: ${message}`;

/** Also the editor page's, which checks and resizes a picture when it is chosen (scripts/editor/page.ts). */
export const PICTURE_LIMITS = {
  /** Largest picture: a photo from a phone, once, before the build makes its own sizes. */
  maxBytes: 2 * 1024 * 1024,
  minWidth: 320,
  maxSide: 4000,
};

/** What staff upload: photos. SVG can carry scripts; our illustrations are drawn by developers (content-check.ts holds them to drawing). */
const UPLOAD_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'];
const RASTER = new Set(UPLOAD_EXTENSIONS);

/** A field naming an entry of another collection by its file name (scripts/editor/decap-config.ts, referencesOf). */
export interface Reference {
  /** The entries that have the field: a collection's folder, or its one file. */
  entry: { folder: string } | { file: string };
  /** Keys from the entry's data to the field; '[]' stands for each item of a list. */
  path: string[];
  /** The field's labels, for the message ('Home page › Projects › Cards › Project'). */
  label: string;
  /** Where the named entries are: `${folder}/${name}${extension}`. */
  folder: string;
  extension: string;
}

/** What the rules need to know of the editor's collections (scripts/editor/decap-config.ts, gateRules). */
export interface ContentRules {
  /** The folders the editor's picture fields upload to (from the repository's root). */
  pictures: string[];
  /** Fields naming another collection's entry by file name (relations). */
  references?: Reference[];
}

/** Whether a file is there (a path from the repository's root). */
export type Exists = (path: string) => Promise<boolean>;

/** Where the courses, their paid materials and the materials' words are (content.config.ts, scripts/content/make-materials.ts). */
const COURSES = 'content/courses';
const MATERIALS = 'content/materials';
const LESSONS = 'content/lessons';

/** A picture outside the folders of the editor's picture fields. */
export function pictureFolderProblem(file: string, rules: ContentRules): ContentProblem | undefined {
  if (rules.pictures.includes(posix.dirname(file))) return undefined;
  const folders = rules.pictures.length ? ` (${rules.pictures.join(', ')})` : '';
  return { file, message: `pictures go only in the folders of the editor's picture fields${folders}.` };
}

/** A picture of another kind than staff upload (an SVG, a GIF). */
export function uploadFormatProblem(file: string): ContentProblem | undefined {
  return RASTER.has(posix.extname(file).toLowerCase()) ? undefined : { file, message: 'pictures must be JPEG, PNG, WebP or AVIF files.' };
}

/** A picture over the size limit, checked before its bytes are decoded. */
export function pictureBytesProblem(file: string, bytes: Uint8Array): ContentProblem | undefined {
  if (bytes.length <= PICTURE_LIMITS.maxBytes) return undefined;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1).replace(/\.0$/, '');
  return { file, message: `this picture is ${mb(bytes.length)} MB: pictures may be at most ${mb(PICTURE_LIMITS.maxBytes)} MB.` };
}

/**
 * A photo too narrow to fill a card, or larger than any page shows (a drawing, SVG, scales to any
 * size and is not measured). Call it on a picture that decodes as what its name says
 * (content-check.ts, pictureProblem).
 */
export async function pictureDimensionsProblem(file: string, bytes: Uint8Array): Promise<ContentProblem | undefined> {
  if (!RASTER.has(posix.extname(file).toLowerCase())) return undefined;
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (!width || !height) return { file, message: 'this is not a picture this site can show.' };
  if (width < PICTURE_LIMITS.minWidth)
    return { file, message: `this picture is ${width} px wide: pictures must be at least ${PICTURE_LIMITS.minWidth} px wide.` };
  if (Math.max(width, height) > PICTURE_LIMITS.maxSide)
    return {
      file,
      message: `this picture is ${width} × ${height} px: pictures may be at most ${PICTURE_LIMITS.maxSide} px on either side.`,
    };
  return undefined;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---/;

/** An entry's data as YAML nodes with their lines: a Markdown file's front matter (from its line 2), or a YAML file. */
function entryData(file: string, text: string): { root: Node | null; lineOf: (node: Node) => number | undefined } | undefined {
  const markdown = file.endsWith('.md');
  const yaml = markdown ? (FRONT_MATTER.exec(text)?.[1] ?? '') : text;
  const lines = new LineCounter();
  const document = parseDocument(yaml, { lineCounter: lines });
  if (document.errors.length) return undefined;
  return {
    root: document.contents,
    lineOf: (node) => (node.range ? lines.linePos(node.range[0]).line + (markdown ? 1 : 0) : undefined),
  };
}

/** The nodes at a path ('[]' for each item of a list); a list at the end gives each item. */
function nodesAt(node: unknown, path: string[]): Node[] {
  if (!path.length) return isSeq(node) ? (node.items as Node[]) : node ? [node as Node] : [];
  const [key, ...rest] = path;
  if (key === '[]') return isSeq(node) ? node.items.flatMap((item) => nodesAt(item, rest)) : [];
  return isMap(node) ? nodesAt(node.get(key, true), rest) : [];
}

/** A name that is one file name, nothing to resolve: no '/', '\', '..', NUL or ':'. */
const plainName = (name: string) => name !== '' && name !== '.' && name !== '..' && !/[/\\\0:]/.test(name);

/**
 * Each field of this entry that names an entry which is not there (a home page card naming a
 * project by its title instead of its file name): the field's labels in the message, its line.
 */
export async function referenceProblems(file: string, text: string, rules: ContentRules, exists: Exists): Promise<ContentProblem[]> {
  const references = (rules.references ?? []).filter((reference) =>
    'file' in reference.entry ? reference.entry.file === file : posix.dirname(file) === reference.entry.folder,
  );
  if (!references.length) return [];
  const data = entryData(file, text);
  if (!data) return [{ file, message: 'this file could not be read.' }];
  const problems: ContentProblem[] = [];
  for (const reference of references)
    for (const node of nodesAt(data.root, reference.path)) {
      const value: unknown = isScalar(node) ? node.value : node.toJSON();
      if (value === undefined || value === null) continue;
      const name = typeof value === 'string' ? value : JSON.stringify(value);
      if (plainName(name) && (await exists(posix.join(reference.folder, `${name}${reference.extension}`)))) continue;
      problems.push({
        file,
        line: data.lineOf(node),
        message: `${reference.label}: “${name}” is not one of the entries in ${reference.folder}/. Choose one from the list.`,
      });
    }
  return problems;
}

/**
 * A course's materials kept in the repository are files a developer makes first
 * (scripts/content/make-materials.ts, from the words in content/lessons/<course>.yaml). A course file
 * listing materials that are not there (a material's file name changed, a course file copied with its
 * list) would sell what no one can download: one problem naming what is missing. A course with no
 * list (a new course made in the editor) is fine: its lessons are added in the staff console, and it
 * is not for sale until the first is ready (src/server/catalogue/for-sale.ts).
 */
export async function courseMaterialsProblem(file: string, text: string, exists: Exists): Promise<ContentProblem | undefined> {
  if (posix.dirname(file) !== COURSES || !file.endsWith('.md')) return undefined;
  const slug = posix.basename(file, '.md');
  const data = entryData(file, text);
  const materials = data && isMap(data.root) ? data.root.get('materials', true) : undefined;
  const files = isSeq(materials) ? materials.items.map((item) => (isMap(item) ? item.get('file') : undefined)) : [];
  if (!files.length) return undefined;
  const missing: string[] = [];
  if (!(await exists(`${LESSONS}/${slug}.yaml`))) missing.push(`${LESSONS}/${slug}.yaml`);
  for (const name of files)
    if (typeof name !== 'string' || !plainName(name) || !(await exists(`${MATERIALS}/${slug}/${name}`)))
      missing.push(`${MATERIALS}/${slug}/${String(name)}`);
  if (!missing.length) return undefined;
  return {
    file,
    message:
      `the materials this course lists are files a developer makes first, and ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not there. ` +
      'A new course lists none: its lessons are added in the staff console.',
  };
}
