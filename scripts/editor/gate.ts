// What the editor's browser page may ask of the local backend (decap-server), checked before it is
// passed on: only the files and folders the editor's collections name, never content/materials,
// content/lessons, data/ or anything else in the folder; entries removed only where the collection
// allows it; pictures only in the formats and sizes below. decap-server itself would read and write
// any file under the folder it was given.
import { posix } from 'node:path';
import sharp from 'sharp';

const IMAGE_RULES = {
  /** Largest upload: a photo from a phone, once, before the build makes its own sizes. */
  maxBytes: 2 * 1024 * 1024,
  minWidth: 320,
  maxSide: 4000,
  /** SVG can carry scripts: our illustrations are made by developers, staff upload photos. */
  extensions: ['.jpg', '.jpeg', '.png', '.webp', '.avif'],
};

export interface GateRules {
  /** Folders and files (from the content root) the editor reads and writes. */
  editable: string[];
  /** Folders whose files may be removed (collections that allow it, and the image folders). */
  removable: string[];
}

interface Asset {
  path: string;
  content: string;
  encoding: string;
}
interface DataFile {
  path: string;
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

const within = (path: string, places: string[]) => {
  const clean = posix.normalize(path.replace(/^\/+/, ''));
  return !clean.startsWith('..') && places.some((place) => clean === place || clean.startsWith(place + '/'));
};

async function checkImage(asset: Asset): Promise<string | undefined> {
  const name = posix.basename(asset.path);
  if (!IMAGE_RULES.extensions.includes(posix.extname(name).toLowerCase()))
    return `${name}: pictures must be JPEG, PNG, WebP or AVIF files.`;
  const bytes = Buffer.from(asset.content, 'base64');
  if (bytes.length > IMAGE_RULES.maxBytes)
    return `${name} is ${(bytes.length / 1024 / 1024).toFixed(1)} MB: pictures may be at most ${IMAGE_RULES.maxBytes / 1024 / 1024} MB.`;
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (!width || !height) return `${name} is not a picture this site can show.`;
  if (width < IMAGE_RULES.minWidth) return `${name} is ${width} px wide: pictures must be at least ${IMAGE_RULES.minWidth} px wide.`;
  if (Math.max(width, height) > IMAGE_RULES.maxSide)
    return `${name} is ${width} × ${height} px: pictures may be at most ${IMAGE_RULES.maxSide} px on either side.`;
  return undefined;
}

/** Why this call to the local backend is refused, or undefined when it may go through. */
export async function refusal(action: string, params: Params | undefined, rules: GateRules): Promise<string | undefined> {
  const editable = (...paths: (string | undefined)[]) =>
    paths.every((path) => path !== undefined && within(path, rules.editable)) ? undefined : 'This file is not edited here.';
  const p = params ?? {};
  switch (action) {
    case 'info':
    case 'getDeployPreview':
      return undefined;
    case 'entriesByFolder':
      return editable(p.folder);
    case 'entriesByFiles':
      return editable(...(p.files ?? []).map((file) => file.path));
    case 'getEntry':
    case 'getMediaFile':
      return editable(p.path);
    case 'getMedia':
      return editable(p.mediaFolder);
    case 'persistEntry': {
      const files = p.dataFiles ?? (p.entry ? [p.entry] : []);
      const assets = p.assets ?? [];
      const wrong = editable(...files.flatMap((file) => [file.path, file.newPath ?? file.path]), ...assets.map((asset) => asset.path));
      if (wrong) return wrong;
      for (const asset of assets) {
        const problem = await checkImage(asset);
        if (problem) return problem;
      }
      return undefined;
    }
    case 'persistMedia':
      return editable(p.asset?.path) ?? (p.asset ? checkImage(p.asset) : 'No picture was sent.');
    case 'deleteFile':
    case 'deleteFiles': {
      const paths = p.paths ?? [p.path];
      return paths.every((path) => path !== undefined && within(path, rules.removable)) ? undefined : 'This is not removed here.';
    }
    default:
      return `The editor does not ${action} here.`;
  }
}
