// Course pages kept on the phone with their scripts and styles (docs/product.md#offline-study), for
// when the student opens one offline: My courses keeps the student's as it opens, and saving a
// course keeps its page. Apart from ./store.ts, so the course page, which keeps its own page only
// when a student saves it (./save-course.ts), does not load this with the page.
import { PAGES_CACHE, builtFilesNamed } from '#lib/offline/keys.ts';
import { safely } from './store.ts';

/** At most this many built files are fetched for kept pages (a course page needs about 40). */
const MOST_BUILT_FILES = 200;

/**
 * Keeps the built files the texts name, and what those name, that no cache holds yet (the service
 * worker's shell may not be installed yet, or may be of another build): a page kept without its
 * scripts would open offline with nothing working.
 */
async function keepBuiltFiles(cache: Cache, texts: string[]) {
  const seen = new Set<string>();
  const queue = texts.flatMap(builtFilesNamed);
  while (queue.length && seen.size < MOST_BUILT_FILES) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    // Cached already (by the shell, or with a page kept before): so is what it names.
    if (await caches.match(path)) continue;
    // A name that only looks like a built file answers 404: nothing to keep.
    const answer = await fetch(path).catch(() => null);
    if (answer?.status !== 200) continue;
    await cache.put(path, answer.clone());
    if (!path.endsWith('.woff2')) queue.push(...builtFilesNamed(await answer.text()));
  }
}

/**
 * Keeps course pages on the phone, for when the student opens one offline (each a few KB), with
 * the scripts and styles they need: My courses keeps the student's, and saving a course keeps its
 * page, however the student reached it (the page that registers the service worker is not one it
 * fetched, so it is not cached on its own).
 */
export const keepPages = (paths: readonly string[]) =>
  safely(async () => {
    const cache = await caches.open(PAGES_CACHE);
    const texts = [];
    for (const path of paths) {
      let answer = await cache.match(path);
      if (!answer) {
        const fetched = await fetch(path).catch(() => null);
        if (fetched?.status !== 200 || fetched.redirected) continue;
        await cache.put(path, fetched.clone());
        answer = fetched;
      }
      texts.push(await answer.text());
    }
    await keepBuiltFiles(cache, texts);
  }, undefined);
