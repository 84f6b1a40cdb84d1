// React's share of a page's JavaScript and ours (docs/architecture.md, 'Budgets'). The product keeps
// React, so its runtime is a fixed base every page with a React island pays; the build puts it in one
// chunk of its own, `react-runtime.<hash>.js` (astro.config.mjs), and what a page loads above it (our
// code and the other libraries) is ours to keep small.

/** Whether a script's address is React's own chunk. */
const isReactRuntime = (url: string): boolean => /\/react-runtime\.[\w-]+\.js$/.test(new URL(url).pathname);

/** A page's scripts split into React's bytes and ours; `sizeOf` gives a script's gzip bytes. */
export function reactShare(urls: Iterable<string>, sizeOf: (url: string) => number): { react: number; ours: number } {
  let react = 0;
  let ours = 0;
  for (const url of urls) {
    if (isReactRuntime(url)) react += sizeOf(url);
    else ours += sizeOf(url);
  }
  return { react, ours };
}
