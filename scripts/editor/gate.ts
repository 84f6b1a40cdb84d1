// What the editor's browser page may ask of the local backend (decap-server), checked before it is
// passed on: reads only from the files and folders the editor's collections name, never
// content/materials, content/lessons, data/ or anything else in the folder; an entry written only as
// a file of its own collection (in the collection's folder with its extension, or the collection's
// one file), never renamed; pictures only in the picture folders of the editor's fields, in the
// formats and sizes below; entries removed only where the collection allows it. decap-server itself
// would read and write any file under the folder it was given. What is written is held to the
// build's own content rules (src/server/content-gate/content-check.ts): a Markdown body with raw
// HTML, a javascript: link, and a picture that is not the JPEG, PNG, WebP or AVIF its name says (an
// SVG named .png) are refused here, so the editor hears of it at once rather than from a failed build.
import { posix } from 'node:path';
import sharp from 'sharp';
import { formatProblem, pictureProblem, textProblems } from '#server/content-gate/content-check.ts';
import { parse } from 'yaml';

const IMAGE_RULES = {
  /** Largest upload: a photo from a phone, once, before the build makes its own sizes. */
  maxBytes: 2 * 1024 * 1024,
  minWidth: 320,
  maxSide: 4000,
  /** SVG can carry scripts: our illustrations are made by developers, staff upload photos. */
  extensions: ['.jpg', '.jpeg', '.png', '.webp', '.avif'],
};

/** Where a collection's entries are: a folder of files with one extension ('.md'), or one file. */
export type EntryPlace = { folder: string; extension: string; removable: boolean; creatable: boolean } | { file: string };

export interface GateRules {
  /** Folders and files (from the content root) the editor reads. */
  editable: string[];
  /** Where entries are written (and, where a folder collection allows it, removed). */
  entries: EntryPlace[];
  /** The folders the editor's picture fields upload to; pictures are written there and nowhere else. */
  pictures: string[];
  /** Fields naming another collection's entry by file name (relations): a save naming a missing one is refused. */
  references?: Reference[];
  /** Whether an entry's file is there already (from the repository's root): a collection that takes no new entries is only edited. */
  exists?: (path: string) => Promise<boolean>;
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
  if (!plain(asset.path) || !rules.pictures.includes(posix.dirname(asset.path)))
    return `${String(asset.path)}: pictures go only in the folders of the editor's picture fields.`;
  const name = posix.basename(asset.path);
  if (!IMAGE_RULES.extensions.includes(posix.extname(name).toLowerCase()))
    return `${name}: pictures must be JPEG, PNG, WebP or AVIF files.`;
  // decap-server writes the bytes as `encoding` says: check the same bytes.
  if (asset.encoding !== 'base64' || typeof asset.content !== 'string') return `${name} was not sent as base64.`;
  const bytes = Buffer.from(asset.content, 'base64');
  if (bytes.length > IMAGE_RULES.maxBytes)
    return `${name} is ${(bytes.length / 1024 / 1024).toFixed(1)} MB: pictures may be at most ${IMAGE_RULES.maxBytes / 1024 / 1024} MB.`;
  // sharp measures SVG too: the bytes must decode as the raster format the name says.
  const notRaster = await pictureProblem(name, bytes);
  if (notRaster) return `${name}: ${notRaster.message}`;
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (!width || !height) return `${name} is not a picture this site can show.`;
  if (width < IMAGE_RULES.minWidth) return `${name} is ${width} px wide: pictures must be at least ${IMAGE_RULES.minWidth} px wide.`;
  if (Math.max(width, height) > IMAGE_RULES.maxSide)
    return `${name} is ${width} × ${height} px: pictures may be at most ${IMAGE_RULES.maxSide} px on either side.`;
  return undefined;
}

/**
 * An entry's file: one of a collection's, at the same path (decap-server would move a whole folder),
 * and already there when its collection takes no new entries (a course comes with paid materials).
 */
async function checkDataFile(file: DataFile | null, rules: GateRules): Promise<string | undefined> {
  const place = file ? placeOf(file.path, rules) : undefined;
  if (!file || !place) return `${String(file?.path)} is not an entry file of the editor's collections.`;
  if (file.newPath !== undefined && file.newPath !== file.path) return `${file.path}: an entry's file is not renamed here.`;
  if ('folder' in place && !place.creatable && rules.exists && !(await rules.exists(file.path)))
    return `${file.path}: this collection takes no new entries here.`;
  if (typeof file.raw !== 'string') return `${file.path}: no text was sent.`;
  const [problem] = await textProblems(file.path, file.raw);
  if (problem) return formatProblem(problem);
  return undefined;
}

/** A field naming an entry of another collection by its file name (decap-config.ts, referencesOf). */
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

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---/;

/** The values at a path ('[]' for each item of a list); a list of names gives each name. */
function valuesAt(data: unknown, path: string[]): unknown[] {
  if (!path.length) return Array.isArray(data) ? data : [data];
  const [key, ...rest] = path;
  if (key === '[]') return Array.isArray(data) ? data.flatMap((item) => valuesAt(item, rest)) : [];
  return data && typeof data === 'object' ? valuesAt((data as Record<string, unknown>)[key!], rest) : [];
}

/**
 * A saved entry naming an entry that is not there (a home page card naming a project by its title
 * instead of its file name): refused at save, naming the field, where the build would fail later.
 */
async function danglingReference(file: DataFile, rules: GateRules): Promise<string | undefined> {
  const references = (rules.references ?? []).filter((reference) =>
    'file' in reference.entry ? reference.entry.file === file.path : posix.dirname(file.path) === reference.entry.folder,
  );
  if (!references.length || typeof file.raw !== 'string' || !rules.exists) return undefined;
  let data: unknown;
  try {
    data = file.path.endsWith('.md') ? parse(FRONT_MATTER.exec(file.raw)?.[1] ?? '') : parse(file.raw);
  } catch {
    return `${file.path} could not be read.`;
  }
  for (const reference of references)
    for (const value of valuesAt(data, reference.path)) {
      if (value === undefined || value === null) continue;
      const name = typeof value === 'string' ? value : JSON.stringify(value);
      const target = posix.join(reference.folder, `${name}${reference.extension}`);
      if (!plain(name) || name.includes('/') || !(await rules.exists(target)))
        return `${reference.label}: “${name}” is not one of the entries in ${reference.folder}/. Choose one from the list.`;
    }
  return undefined;
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
      return `The editor does not ${action} here.`;
  }
}
