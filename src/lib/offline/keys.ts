// What the service worker and the portal's pages share about what is kept on the phone
// (docs/decisions/015-service-worker.md): the cache of saved materials and the addresses they are
// kept under, the cache of visited pages, and the small database of this feature's own data.
import { createStore } from 'idb-keyval';

/** Cache Storage: the course files a student saved, under savedFileUrl addresses. */
export const MATERIALS_CACHE = 'saved-materials';
/** Cache Storage: pages visited (and a student's course pages), with their scripts and styles. */
export const PAGES_CACHE = 'pages';
/** Where the service worker sends a page it has neither from the network nor cached. */
export const OFFLINE_PAGE = '/offline';

/** Built files a student never needs offline: the password strength checker's dictionaries. */
const NOT_KEPT_OFFLINE = /^\/_astro\/(zxcvbn|.*dictionary)/i;

/**
 * The built files (scripts, styles, fonts under /_astro/, content-hashed) a page or a script names,
 * lazy imports too: what the service worker precaches, and what a kept page keeps beside it.
 */
export const builtFilesNamed = (text: string): string[] => [
  ...new Set(
    [...text.matchAll(/[\w.-]+\.(?:js|css|woff2)\b/g)].map(([name]) => `/_astro/${name}`).filter((path) => !NOT_KEPT_OFFLINE.test(path)),
  ),
];

/** The same-origin address a saved file is kept under and played from; only the service worker answers it. */
const SAVED_PREFIX = '/saved-files/';

export interface SavedFile {
  student: string;
  course: string;
  material: string;
  poster: boolean;
}

export const savedFileUrl = ({ student, course, material, poster }: SavedFile) =>
  `${SAVED_PREFIX}${[student, course, material].map(encodeURIComponent).join('/')}${poster ? '/poster' : ''}`;

/** The saved file an address names, or null for any other address. */
export function parseSavedFileUrl(pathname: string): SavedFile | null {
  if (!pathname.startsWith(SAVED_PREFIX)) return null;
  const parts = pathname.slice(SAVED_PREFIX.length).split('/');
  const poster = parts.length === 4 && parts[3] === 'poster';
  if (parts.length !== 3 && !poster) return null;
  try {
    const [student, course, material] = parts.slice(0, 3).map(decodeURIComponent) as [string, string, string];
    return student && course && material ? { student, course, material, poster } : null;
  } catch {
    return null;
  }
}

/** IndexedDB (one store, keys below): shared by the pages and the service worker. */
export const offlineStore = () => createStore('adire-offline', 'kv');

/** The key of the student signed in on this browser: only their saved files are served. */
export const STUDENT_KEY = 'student';

/** The staff console's pages (/staff and below): never cached by the service worker. */
export const isStaffPath = (pathname: string) => pathname === '/staff' || pathname.startsWith('/staff/');
