// Images load when within 600 px (vertically) of the viewport, then fade in over 1000 ms
// (docs/product.md#limits-and-timings); loading, loaded and failed are states a stylesheet can show.
const LAZY_ROOT_MARGIN = '600px 0px';

/** Records on the holder how the image's fetch ends: loaded or failed. */
function track(holder: HTMLElement, img: HTMLImageElement) {
  holder.dataset.state = 'loading';
  img.addEventListener('load', () => (holder.dataset.state = 'loaded'), { once: true });
  img.addEventListener('error', () => (holder.dataset.state = 'failed'), { once: true });
}

function load(holder: HTMLElement) {
  const img = holder.querySelector<HTMLImageElement>('img[data-src]');
  if (!img) return;
  track(holder, img);
  img.src = img.dataset.src!;
  img.removeAttribute('data-src');
}

/** A priority image is in the HTML from the start: only its outcome is recorded, so a failure shows. */
function settle(holder: HTMLElement) {
  const img = holder.querySelector('img')!;
  if (img.complete) holder.dataset.state = img.naturalWidth > 0 ? 'loaded' : 'failed';
  else track(holder, img);
}

let observer: IntersectionObserver | undefined;

export function observeLazyImages(root: ParentNode = document) {
  root.querySelectorAll<HTMLElement>('[data-lazy][data-priority]:not([data-state])').forEach(settle);
  const holders = root.querySelectorAll<HTMLElement>('[data-lazy]:not([data-priority]):not([data-state])');
  if (!('IntersectionObserver' in window)) {
    holders.forEach(load);
    return;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer!.unobserve(entry.target);
        load(entry.target as HTMLElement);
      }
    },
    { rootMargin: LAZY_ROOT_MARGIN },
  );
  holders.forEach((holder) => observer!.observe(holder));
}

/**
 * An island that renders lazy images itself (the related courses' grid, CourseGrid.tsx) dispatches
 * this event, bubbling, from the element that holds them: the page script then watches them too. An
 * event, not an import, so the island shares no module with the page script (which would become a
 * chunk of its own, one more request on every page). The name is written in both files.
 */
export function observeAddedLazyImages() {
  document.addEventListener('lazy-images-added', (event) => observeLazyImages(event.target as ParentNode));
}
