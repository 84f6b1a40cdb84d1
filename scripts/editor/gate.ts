// What the editor's browser page may ask of the local backend (decap-server), checked before it is
// passed on: reads only from the files and folders the editor's collections name, never
// content/materials, content/lessons, data/ or anything else in the folder; an entry written only as
// a file of its own collection (in the collection's folder with its extension, or the collection's
// one file), never renamed; pictures only in the picture folders of the editor's fields, in the
// formats and sizes of the content rules; entries removed only where the collection allows it.
// decap-server itself would read and write any file under the folder it was given. What is written
// is held to the build's own content rules (src/server/content-gate/content-check.ts and
// content-rules.ts, which the build applies to content however it came): a Markdown body with raw
// HTML, a javascript: link, a picture that is not the JPEG, PNG, WebP or AVIF its name says (an SVG
// named .png), too large or in another folder, and a field naming an entry that is not there are
// refused here, so the editor hears of it at once rather than from a failed build.
import { posix } from 'node:path';
import { pictureProblem, textProblems } from '#server/content-gate/content-check.ts';
import {
  formatProblem,
  pictureBytesProblem,
  pictureDimensionsProblem,
  pictureFolderProblem,
  referenceProblems,
  uploadFormatProblem,
  type ContentRules,
  type Exists,
} from '#server/content-gate/content-rules.ts';

/** Where a collection's entries are: a folder of files with one extension ('.md'), or one file. */
export type EntryPlace = { folder: string; extension: string; removable: boolean; creatable: boolean } | { file: string };

/**
 * `pictures`: the folders the editor's picture fields upload to, pictures are written there and
 * nowhere else; `references`: fields naming another collection's entry by file name (relations), a
 * save naming a missing one is refused. The build holds content to the same (content-rules.ts).
 */
export interface GateRules extends ContentRules {
  /** Folders and files (from the content root) the editor reads. */
  editable: string[];
  /** Where entries are written (and, where a folder collection allows it, removed). */
  entries: EntryPlace[];
  /** Whether an entry's file is there already (from the repository's root): a collection that takes no new entries is only edited. */
  exists?: Exists;
}

interface Asset {
  path: string;
  content: string;
  encoding: string;
}
interface DataFile {
  path: string;
  raw?: string;
  newPath?: string;
}
interface Params {
  folder?: string;
  path?: string;
  mediaFolder?: string;
  files?: { path: string }[];
  entry?: DataFile;
  dataFiles?: DataFile[];
  assets?: Asset[];
  asset?: Asset;
  paths?: string[];
}

const NOT_EDITED = 'This file is not edited here.';
const NOT_REMOVED = 'This is not removed here.';
const NOT_AN_ENTRY = "is not an entry file of the editor's collections.";
const NOT_DONE = 'The editor does not ';

/**
 * Whether a refusal is about where (a file or an action the editor has no business with: 403 from
 * the product's backend) rather than what (a save that breaks a content rule: 422).
 */
export const refusedForPlace = (problem: string) =>
  problem === NOT_EDITED || problem === NOT_REMOVED || problem.endsWith(NOT_AN_ENTRY) || problem.startsWith(NOT_DONE);

/**
 * A path as the editor sends it: from the content root, '/' between names, nothing to resolve. No
 * '\' (a separator on Windows), '..', '.' or empty name, leading '/', NUL or ':' (a drive or an NTFS
 * stream), so that checking the text is checking the file.
 */
const plain = (path: unknown): path is string =>
  typeof path === 'string' && !/[\\\0:]/.test(path) && path.split('/').every((name) => name !== '' && name !== '.' && name !== '..');

const within = (path: unknown, places: string[]) => plain(path) && places.some((place) => path === place || path.startsWith(place + '/'));

/** The collection place this entry file belongs to: directly in a folder with its extension, or the file. */
const placeOf = (path: unknown, rules: GateRules) =>
  plain(path)
    ? rules.entries.find((place) =>
        'file' in place
          ? path === place.file
          : posix.dirname(path) === place.folder && path.endsWith(place.extension) && !posix.basename(path).startsWith('.'),
      )
    : undefined;

const listOf = <T>(value: T[] | undefined): T[] | undefined => (Array.isArray(value) ? value : undefined);

async function checkImage(asset: Asset, rules: GateRules): Promise<string | undefined> {
  // A path with anything to resolve is in no folder: checked against none.
  if (!plain(asset.path)) return formatProblem(pictureFolderProblem(String(asset.path), { pictures: [] })!);
  const misplaced = pictureFolderProblem(asset.path, rules);
  if (misplaced) return formatProblem(misplaced);
  const name = posix.basename(asset.path);
  const format = uploadFormatProblem(name);
  if (format) return formatProblem(format);
  // decap-server writes the bytes as `encoding` says: check the same bytes.
  if (asset.encoding !== 'base64' || typeof asset.content !== 'string') return `${name} was not sent as base64.`;
  const bytes = Buffer.from(asset.content, 'base64');
  // sharp measures SVG too: the bytes must decode as the raster format the name says.
  const problem = pictureBytesProblem(name, bytes) ?? (await pictureProblem(name, bytes)) ?? (await pictureDimensionsProblem(name, bytes));
  return problem && formatProblem(problem);
}

/**
 * An entry's file: one of a collection's, at the same path (decap-server would move a whole folder),
 * and already there when its collection takes no new entries (one only a developer adds).
 */
async function checkDataFile(file: DataFile | null, rules: GateRules): Promise<string | undefined> {
  const place = file ? placeOf(file.path, rules) : undefined;
  if (!file || !place) return `${String(file?.path)} ${NOT_AN_ENTRY}`;
  if (file.newPath !== undefined && file.newPath !== file.path) return `${file.path}: an entry's file is not renamed here.`;
  if ('folder' in place && !place.creatable && rules.exists && !(await rules.exists(file.path)))
    return `${file.path}: this collection takes no new entries here.`;
  if (typeof file.raw !== 'string') return `${file.path}: no text was sent.`;
  const [problem] = await textProblems(file.path, file.raw);
  if (problem) return formatProblem(problem);
  return undefined;
}

/**
 * A saved entry naming an entry that is not there (a home page card naming a project by its title
 * instead of its file name): refused at save, naming the field, where the build would fail later.
 */
async function danglingReference(file: DataFile, rules: GateRules): Promise<string | undefined> {
  if (typeof file.raw !== 'string' || !rules.exists) return undefined;
  const [problem] = await referenceProblems(file.path, file.raw, rules, rules.exists);
  return problem && (problem.line === undefined ? formatProblem(problem) : problem.message);
}

/** Why this call to the local backend is refused, or undefined when it may go through. */
export async function refusal(action: string, params: Params | undefined, rules: GateRules): Promise<string | undefined> {
  const editable = (...paths: unknown[]) => (paths.every((path) => within(path, rules.editable)) ? undefined : NOT_EDITED);
  const p = params ?? {};
  switch (action) {
    case 'info':
    case 'getDeployPreview':
      return undefined;
    case 'entriesByFolder':
      return editable(p.folder);
    case 'entriesByFiles': {
      const files = listOf(p.files);
      return files ? editable(...files.map((file) => file?.path)) : NOT_EDITED;
    }
    case 'getEntry':
    case 'getMediaFile':
      return editable(p.path);
    case 'getMedia':
      return editable(p.mediaFolder);
    case 'persistEntry': {
      // decap-server writes `dataFiles`, or `entry` without them: whichever is there is checked.
      const files: (DataFile | null)[] = [];
      if (p.entry !== undefined) files.push(p.entry);
      if (p.dataFiles !== undefined) files.push(...(listOf(p.dataFiles) ?? [null]));
      const assets = listOf(p.assets);
      if (!files.length || !assets) return 'No entry was sent.';
      for (const file of files) {
        const problem = (await checkDataFile(file, rules)) ?? (await danglingReference(file!, rules));
        if (problem) return problem;
      }
      for (const asset of assets) {
        const problem = asset ? await checkImage(asset, rules) : 'No picture was sent.';
        if (problem) return problem;
      }
      return undefined;
    }
    case 'persistMedia':
      return p.asset ? checkImage(p.asset, rules) : 'No picture was sent.';
    case 'deleteFile':
    case 'deleteFiles': {
      // Each action reads its own parameter: `path` for one file, `paths` for several.
      const paths = action === 'deleteFile' ? [p.path] : (listOf(p.paths) ?? []);
      const removable = (path: unknown) => {
        const place = placeOf(path, rules);
        return place !== undefined && 'folder' in place && place.removable;
      };
      return paths.length && paths.every(removable) ? undefined : NOT_REMOVED;
    }
    default:
      return `${NOT_DONE}${action} here.`;
  }
}
