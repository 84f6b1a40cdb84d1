// The page scripts start after the first paint: the built module tags become one loader, the only
// change to the page; a portal page, and a page without them, are left as they are.
import { expect, it } from 'vitest';
import { deferPageScript, loaderFor } from './defer-page-script.ts';

const PAGE = '/_astro/PageScript.astro_astro_type_script_index_0_lang.CTyx-8lB.js';
const tag = (src: string) => `<script type="module" src="${src}"></script>`;

it("replaces the page script's module tag with a loader that imports it after the first frame", () => {
  const { html, loader } = deferPageScript(`<head><title>x</title>${tag(PAGE)}</head><body><h1>x</h1></body>`);
  expect(loader).toBe(loaderFor([PAGE]));
  expect(loader).toMatch(/^requestAnimationFrame\(\(\)=>setTimeout\(\(\)=>\{import\("\/_astro\/PageScript\.[^"]+\.js"\)\}\)\)$/);
  expect(html).toBe(`<head><title>x</title><script>${loader}</script></head><body><h1>x</h1></body>`);
  expect(html).not.toContain('type="module"');
});

it("loads a form page's own script with the page script, from one loader", () => {
  const login = '/_astro/login.astro_astro_type_script_index_0_lang.BqFiw8ue.js';
  const { html, loader } = deferPageScript(`<body><form></form>${tag(login)} ${tag(PAGE)}</body>`);
  expect(loader).toBe(`requestAnimationFrame(()=>setTimeout(()=>{import("${login}");import("${PAGE}")}))`);
  expect(html).toBe(`<body><form></form><script>${loader}</script> </body>`);
});

it('leaves a portal page, whose layout script sends a visitor without a session away, and a page without module scripts, as they are', () => {
  const portal = `<body>${tag('/_astro/DashboardLayout.astro_astro_type_script_index_0_lang.BHiDENeH.js')}${tag(PAGE)}</body>`;
  expect(deferPageScript(portal)).toEqual({ html: portal, loader: null });
  const none = '<head><script type="application/ld+json">{}</script></head>';
  expect(deferPageScript(none)).toEqual({ html: none, loader: null });
});
