// Images (LazyImage) are fetched by the browser itself: `loading="lazy"` ones as they near the
// viewport, priority ones at once. This records on each holder how the fetch ends, as states a
// stylesheet shows: loading, loaded (a lazy image then fades in over 1000 ms) and failed (the image's
// description shows instead).

/** Records the outcome of the holder's image, whether it has already ended or is still to come. */
function track(holder: HTMLElement) {
  const img = holder.querySelector('img');
  if (!img) return;
  // An image that ended before this script ran fires no more events: read its outcome now.
  if (img.complete) {
    holder.dataset.state = img.naturalWidth > 0 ? 'loaded' : 'failed';
    return;
  }
  holder.dataset.state = 'loading';
  img.addEventListener('load', () => (holder.dataset.state = 'loaded'), { once: true });
  img.addEventListener('error', () => (holder.dataset.state = 'failed'), { once: true });
}

export function trackLazyImages(root: ParentNode = document) {
  root.querySelectorAll<HTMLElement>('[data-lazy]:not([data-state])').forEach(track);
}
