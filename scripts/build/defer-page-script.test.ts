// The page script starts after the first paint (issue 31, item 7): the built tag becomes the loader,
// the only change to the page, and a page without it is left as it is.
import { expect, it } from 'vitest';
import { deferPageScript, loaderFor } from './defer-page-script.ts';

const TAG = '<script type="module" src="/_astro/PageScript.astro_astro_type_script_index_0_lang.CTyx-8lB.js"></script>';

it("replaces the page script's module tag with a loader that imports it after the first frame", () => {
  const { html, loader } = deferPageScript(`<head><title>x</title>${TAG}</head><body><h1>x</h1></body>`);
  expect(loader).toBe(loaderFor('/_astro/PageScript.astro_astro_type_script_index_0_lang.CTyx-8lB.js'));
  expect(loader).toMatch(/^requestAnimationFrame\(\(\)=>setTimeout\(\(\)=>import\("\/_astro\/PageScript\.[^"]+\.js"\)\)\)$/);
  expect(html).toBe(`<head><title>x</title><script>${loader}</script></head><body><h1>x</h1></body>`);
  expect(html).not.toContain('type="module"');
});

it('leaves a page without the page script, and other module scripts, as they are', () => {
  const other = '<head><script type="module" src="/_astro/other.js"></script></head>';
  expect(deferPageScript(other)).toEqual({ html: other, loader: null });
});
