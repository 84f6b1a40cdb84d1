// The page scripts start after the first paint: the built module tags become one loader, the only
// change to the page; a portal page, and a page without them, are left as they are.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferPageScript, loaderFor } from './defer-page-script.ts';

const PAGE = '/_astro/PageScript.astro_astro_type_script_index_0_lang.CTyx-8lB.js';
const tag = (src: string) => `<script type="module" src="${src}"></script>`;

it("replaces the page script's module tag with a loader that imports it after the first contentful paint", () => {
  const { html, loader } = deferPageScript(`<head><title>x</title>${tag(PAGE)}</head><body><h1>x</h1></body>`);
  expect(loader).toBe(loaderFor([PAGE]));
  expect(loader).toContain(`setTimeout(()=>{import("${PAGE}")})`);
  expect(loader).toContain('.observe({type:"paint",buffered:!0})');
  expect(html).toBe(`<head><title>x</title><script>${loader}</script></head><body><h1>x</h1></body>`);
  expect(html).not.toContain('type="module"');
});

it("loads a form page's own script with the page script, from one loader", () => {
  const login = '/_astro/login.astro_astro_type_script_index_0_lang.BqFiw8ue.js';
  const { html, loader } = deferPageScript(`<body><form></form>${tag(login)} ${tag(PAGE)}</body>`);
  expect(loader).toContain(`setTimeout(()=>{import("${login}");import("${PAGE}")})`);
  expect(loader).toBe(loaderFor([login, PAGE]));
  expect(html).toBe(`<body><form></form><script>${loader}</script> </body>`);
});

it('leaves a portal page, whose layout script sends a visitor without a session away, and a page without module scripts, as they are', () => {
  const portal = `<body>${tag('/_astro/DashboardLayout.astro_astro_type_script_index_0_lang.BHiDENeH.js')}${tag(PAGE)}</body>`;
  expect(deferPageScript(portal)).toEqual({ html: portal, loader: null });
  const none = '<head><script type="application/ld+json">{}</script></head>';
  expect(deferPageScript(none)).toEqual({ html: none, loader: null });
});

describe('the loader', () => {
  /** Runs a loader with the browser's parts it uses stood in for; `import()` becomes a call to `loaded`. */
  function run(withPaints: boolean) {
    const loaded: string[] = [];
    const observers: ((list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void)[] = [];
    const paint = (name: string) =>
      observers.forEach((callback) => callback({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }, { disconnect: () => {} }));
    const frames: (() => void)[] = [];
    const self = {
      PerformanceObserver: Object.assign(
        function (this: { observe: () => void }, callback: (typeof observers)[number]) {
          observers.push(callback);
          this.observe = () => {};
        },
        { supportedEntryTypes: withPaints ? ['mark', 'paint'] : ['mark'] },
      ),
    };
    const body = loaderFor([PAGE])
      .replaceAll('import(', 'loaded.push(')
      .replace(/\bPerformanceObserver\(/, 'self.PerformanceObserver(');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the loader is the build's own text, run as the page runs it
    const loader = new Function('self', 'PerformanceObserver', 'requestAnimationFrame', 'loaded', body) as (...parts: unknown[]) => void;
    loader(self, self.PerformanceObserver, (callback: () => void) => frames.push(callback), loaded);
    return { loaded, paint, frames };
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('imports the scripts once, in the task after the first contentful paint, not at the first paint before it', () => {
    const { loaded, paint } = run(true);
    paint('first-paint');
    vi.advanceTimersByTime(0);
    expect(loaded).toEqual([]);
    paint('first-contentful-paint');
    expect(loaded).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(loaded).toEqual([PAGE]);
    vi.advanceTimersByTime(5000);
    expect(loaded).toEqual([PAGE]);
  });

  it('falls back to the next frame where the browser reports no paints, and to 3 s where no paint comes', () => {
    const noPaints = run(false);
    noPaints.frames.forEach((frame) => frame());
    vi.advanceTimersByTime(0);
    expect(noPaints.loaded).toEqual([PAGE]);
    const hidden = run(true);
    vi.advanceTimersByTime(2999);
    expect(hidden.loaded).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(hidden.loaded).toEqual([PAGE]);
  });
});
