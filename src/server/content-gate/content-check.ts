// The build's gate on content/, whatever way the content came (the local editor, the production
// editor, a commit): every text an editor may change must stay text, and every picture a picture.
// The pages run with the student's session in reach, so a `<script>`, an `<iframe>`, a
// `<meta http-equiv>` or an `onerror=` in a Markdown body, a `javascript:` link, or an SVG with script
// under a picture's name would run as the site. The build stops with the file and the line instead
// (src/server/content-gate/build-gate.ts), so the editor hears of it rather than the content silently losing it.
//
// Markdown is read by the same parser the build renders it with (Astro's Sätteri), so what is
// refused here is exactly what would have reached the page.
import { access, readdir, readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import sharp from 'sharp';
import { isPair, isScalar, LineCounter, parseDocument, visit } from 'yaml';
import {
  courseMaterialsProblem,
  pictureBytesProblem,
  pictureDimensionsProblem,
  pictureFolderProblem,
  referenceProblems,
  type ContentProblem,
  type ContentRules,
} from './content-rules.ts';

export const RAW_HTML =
  "raw HTML is not allowed in content (it could run script on the students' pages): write it as Markdown, or show markup as `code`.";

/** Where a link or a picture in a body may point: the site's own pages, the web, mail and phone. */
const SAFE_URL = /^(?:https?:|mailto:|tel:|[/#?.]|[^:/?#]*(?:[/?#]|$))/i;
const UNSAFE_URL = 'links may only be web (https://), mail (mailto:), phone (tel:) or site addresses.';

interface Positioned {
  position?: { start?: { line?: number } };
}

/**
 * The Markdown rules as a Sätteri mdast plugin: `report` hears of each raw HTML node (a tag, a
 * comment, a processing instruction) and each link, picture or reference to another scheme
 * (javascript:, data:, vbscript: ...). Code and inline code are not HTML nodes, so markup shown as
 * code stays allowed. Lines count from the file's first line, front matter included.
 */
export function markdownRules(report: (line: number | undefined, message: string) => void) {
  // A visitor's return value would replace the node: these only look, and return nothing.
  const url = (node: { url: string } & Positioned): undefined => {
    if (!SAFE_URL.test(node.url.trim())) report(node.position?.start?.line, `${UNSAFE_URL} (${node.url})`);
  };
  return {
    name: 'content-markdown-rules',
    options: { position: true },
    html: (node: Positioned): undefined => {
      report(node.position?.start?.line, RAW_HTML);
    },
    link: url,
    image: url,
    definition: url,
  };
}

/** The problems in one Markdown file's text (`file` names it in the messages). */
export async function markdownProblems(file: string, text: string): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = [];
  const processor = await createSatteriMarkdownProcessor({
    mdastPlugins: [markdownRules((line, message) => problems.push({ file, line, message }))],
  });
  await processor.render(text, { fileURL: pathToFileURL(file) });
  return problems;
}

/** Front matter and YAML keys whose values the pages put in a link or a source (href, applyUrl, src ...). */
const ADDRESS_KEY = /(?:href|url|src|captions)$/i;

/**
 * The problems in one YAML text (a .yaml file, or a Markdown file's front matter, which starts at
 * `firstLine`): an address that is not web, mail, phone or the site's own, in any field that the
 * pages put in a link or a source (a `javascript:` link would run when clicked).
 */
function yamlProblems(file: string, text: string, firstLine = 1): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines });
  visit(document, {
    Pair(_, pair) {
      if (!isPair(pair) || !isScalar(pair.key) || !ADDRESS_KEY.test(String(pair.key.value))) return;
      if (!isScalar(pair.value) || typeof pair.value.value !== 'string' || SAFE_URL.test(pair.value.value.trim())) return;
      const line = pair.value.range ? lines.linePos(pair.value.range[0]).line + firstLine - 1 : undefined;
      problems.push({ file, line, message: `${UNSAFE_URL} (${String(pair.key.value)}: ${pair.value.value})` });
    },
  });
  return problems;
}

/**
 * The problems of an entry's text by its file's kind: a Markdown file's front matter and body, a
 * YAML file's addresses. Nothing for any other file.
 */
export async function textProblems(file: string, text: string): Promise<ContentProblem[]> {
  const extension = extname(file).toLowerCase();
  if (extension === '.yaml' || extension === '.yml') return yamlProblems(file, text);
  if (extension !== '.md') return [];
  const front = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text)?.[1];
  return [...(front === undefined ? [] : yamlProblems(file, front, 2)), ...(await markdownProblems(file, text))];
}

/** sharp's name for each picture extension's format: a picture must hold what its name says. */
const RASTER: Record<string, string> = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png', '.webp': 'webp', '.avif': 'heif' };

/**
 * SVG that is only drawing: these elements and attributes, nothing else. No script, no
 * foreignObject (HTML inside), no event handlers, no style (CSS can fetch), no links but to an id in
 * the file itself, no entities or DOCTYPE. Our own illustrations are drawn by developers with these.
 */
const SVG_ELEMENTS = new Set(
  'svg g defs path rect circle ellipse line polyline polygon text tspan pattern clipPath mask linearGradient radialGradient stop title desc use symbol'.split(
    ' ',
  ),
);
const SVG_ATTRIBUTES = new Set(
  (
    'xmlns viewBox width height x y x1 y1 x2 y2 cx cy r rx ry d points fill fill-opacity fill-rule stroke stroke-width ' +
    'stroke-opacity stroke-linecap stroke-linejoin stroke-dasharray stroke-dashoffset stroke-miterlimit opacity transform ' +
    'id clip-path clip-rule clipPathUnits mask maskUnits patternUnits patternContentUnits patternTransform gradientUnits ' +
    'gradientTransform offset stop-color stop-opacity fx fy font-family font-size font-weight font-style text-anchor ' +
    'dominant-baseline letter-spacing preserveAspectRatio role aria-hidden aria-label focusable href xlink:href xmlns:xlink'
  ).split(' '),
);

/** Why this SVG text is more than a drawing, with its line, or undefined when it is only drawing. */
export function svgProblem(text: string): { line: number; message: string } | undefined {
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const body = text.replace(/^\uFEFF?\s*<\?xml[^?]*\?>/, (declaration) => ' '.repeat(declaration.length));
  for (const match of body.matchAll(/<([^>]*)>?/g)) {
    const tag = match[1]!;
    const at = lineAt(match.index);
    if (/^!--[\s\S]*--$/.test(tag)) continue;
    const parts = /^\/?([A-Za-z][\w:-]*)((?:\s+[\w:-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*\/?$/.exec(tag);
    if (!parts) return { line: at, message: `this SVG holds markup that is not a drawing (<${tag.slice(0, 40)}>).` };
    const [, name, attributes] = parts;
    if (!SVG_ELEMENTS.has(name!)) return { line: at, message: `SVG pictures may hold drawing only, not <${name}>.` };
    for (const [, attribute, value] of attributes!.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (!SVG_ATTRIBUTES.has(attribute!))
        return { line: at, message: `SVG pictures may not carry the attribute ${attribute} (on <${name}>).` };
      const text = value ?? '';
      if (/href$/.test(attribute!) && !/^#[\w-]+$/.test(text))
        return { line: at, message: `SVG links may only name a part of the picture (#id), not ${text}.` };
      if (/url\(/i.test(text) && !/^url\(#[\w-]+\)$/.test(text.trim()))
        return { line: at, message: `SVG paints may only name a part of the picture (url(#id)), not ${text}.` };
    }
  }
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i.test(body))
    return { line: lineAt(body.search(/&/)), message: 'SVG pictures may not use entities.' };
  return undefined;
}

/**
 * Why this picture file is refused, or undefined: a JPEG, PNG, WebP or AVIF that sharp decodes as
 * what its name says (sharp reads SVG too, so an SVG named .png is caught here), or an SVG that is
 * only drawing. Anything else is not a picture of this site.
 */
export async function pictureProblem(file: string, bytes: Buffer): Promise<ContentProblem | undefined> {
  const extension = extname(file).toLowerCase();
  if (extension === '.svg') {
    const problem = svgProblem(bytes.toString('utf8'));
    return problem && { file, ...problem };
  }
  const expected = RASTER[extension];
  if (!expected) return { file, message: 'pictures must be JPEG, PNG, WebP or AVIF files.' };
  const { format } = await sharp(bytes)
    .metadata()
    .catch(() => ({ format: undefined }));
  if (format !== expected)
    return {
      file,
      message: `this is not the ${extension.slice(1).toUpperCase()} picture its name says (it holds ${format ?? 'no picture'}).`,
    };
  return undefined;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

const TEXT = new Set(['.md', '.yaml', '.yml']);
/** The paid files in content/materials: kept out of the public build, sent by the API as downloads. */
const MATERIALS = new Set(['.pdf', '.mp4']);

/**
 * Every problem in the content folder `dir` (paths in messages relative to `base`, the repository's
 * root): Markdown bodies with raw HTML or unsafe links, unsafe addresses in front matter and YAML
 * files, and pictures (any other file but the paid PDFs and videos in materials/) that are not what
 * their names say. With the editor's `rules` (content-rules.ts), also what the local editor's gate
 * refuses: a picture outside the picture fields' folders, over 2 MB or of the wrong size, a course
 * without its paid materials, a field naming an entry that is not there. Empty when the content may
 * be built.
 */
export async function contentProblems(dir: string, base = process.cwd(), rules?: ContentRules): Promise<ContentProblem[]> {
  const problems: ContentProblem[] = [];
  const exists = (path: string) =>
    access(join(base, path)).then(
      () => true,
      () => false,
    );
  const add = (...found: (ContentProblem | undefined)[]) => problems.push(...found.filter((problem) => problem !== undefined));
  for (const path of (await filesUnder(dir)).sort()) {
    const file = relative(base, path).split(/[\\/]/).join('/');
    const extension = extname(path).toLowerCase();
    if (TEXT.has(extension)) {
      const text = await readFile(path, 'utf8');
      add(...(await textProblems(file, text)));
      if (rules) add(await courseMaterialsProblem(file, text, exists), ...(await referenceProblems(file, text, rules, exists)));
      continue;
    }
    // The paid files, and the video posters made beside them, are written by a developer's script,
    // never by the editor: they are in no picture field's folder.
    const inMaterials = relative(dir, path).split(/[\\/]/)[0] === 'materials';
    if (inMaterials && MATERIALS.has(extension)) continue;
    const bytes = await readFile(path);
    // Where and how large first (as the editor's gate checks an upload); a picture that is not what
    // its name says has no dimensions to measure.
    const misplaced = rules && ((inMaterials ? undefined : pictureFolderProblem(file, rules)) ?? pictureBytesProblem(file, bytes));
    add(misplaced ?? (await pictureProblem(file, bytes)) ?? (rules && (await pictureDimensionsProblem(file, bytes))));
  }
  return problems;
}
