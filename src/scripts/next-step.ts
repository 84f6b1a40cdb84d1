// A step of the sign-up, login and reset flows fetches, once the page has loaded and gone idle, the
// modules the flow's next page needs and this page has not loaded (listed at build time in
// <body data-next-step>, scripts/build/preload-modules.ts). The tap that moves on then waits for the
// server's answer and the page, not for one more round of downloads after it: on a slow phone that
// is a few hundred milliseconds a step. Nothing is fetched when the browser asks to save data.

/** The same-site URLs the page's data-next-step lists, or none. */
function nextStepUrls(doc: Document): string[] {
  const list = doc.body.dataset.nextStep ?? '';
  return list.split(/\s+/).filter((url) => url.startsWith('/') && !url.startsWith('//'));
}

export function prefetchNextStep() {
  const urls = nextStepUrls(document);
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (!urls.length || connection?.saveData) return;
  const prefetch = () => {
    for (const href of urls) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      document.head.append(link);
    }
  };
  const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(prefetch, { timeout: 3000 }) : setTimeout(prefetch, 500));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
