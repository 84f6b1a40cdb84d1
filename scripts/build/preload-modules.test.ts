import { describe, expect, it } from 'vitest';
import { eagerImportsOf, entriesOf, modulesToPreload, nextStepOf, staticImportsOf, withNextStep, withPreloads } from './preload-modules.ts';

describe('staticImportsOf', () => {
  it('finds static imports and re-exports as the bundler writes them, never dynamic ones', () => {
    const code =
      'import{i as e,u as t}from"./errors.B1.js";import"./side.C2.js";export{a}from"./re.D3.js";' +
      'var x=1;const m=()=>import("./lazy.E4.js");import * as ns from "./ns.F5.js"\nimport d from"./d.G6.js"';
    expect(staticImportsOf(code)).toEqual(['./errors.B1.js', './side.C2.js', './re.D3.js', './ns.F5.js', './d.G6.js']);
  });
});

describe('modulesToPreload', () => {
  const files: Record<string, string> = {
    '/_astro/page.js': 'import{a}from"./shared.js";import{b}from"./store.js";const l=()=>import("./later.js");',
    '/_astro/shared.js': 'import{c}from"./store.js";export const a=1;',
    '/_astro/store.js': 'export const b=2,c=3;',
    '/_astro/later.js': 'import"./never.js";',
    '/_astro/Form.js': 'import{j}from"./jsx.js";import{a}from"./shared.js";',
    '/_astro/jsx.js': '',
    '/_astro/client.js': 'import{r}from"./react.js";',
    '/_astro/react.js': '',
    '/_astro/Visible.js': 'import"./heavy.js";',
    '/_astro/heavy.js': '',
    '/_astro/Data.js': 'import{a}from"./shared.js";const t=()=>import("./http-transport.H7-x.js"),l=()=>import("./later.js");',
    '/_astro/LoginForm.B8.js': 'import{a}from"./shared.js";const t=()=>import("./http-transport.H7-x.js");',
    '/_astro/http-transport.H7-x.js': 'import{k}from"./ky.js";',
    '/_astro/ky.js': '',
  };
  const read = (path: string) => {
    if (!(path in files)) throw new Error(`read ${path}`);
    return files[path]!;
  };
  const html = (body: string) => `<html><head><title>x</title></head><body>${body}</body></html>`;

  it("lists what the page's scripts import, at every depth, once, without the scripts themselves", () => {
    const page = html('<script type="module" src="/_astro/page.js"></script>');
    expect(modulesToPreload(page, read)).toEqual(['/_astro/shared.js', '/_astro/store.js']);
  });

  it('adds islands that hydrate on load (component, renderer and their imports), not those that wait', () => {
    const page = html(
      '<astro-island uid="a" component-url="/_astro/Form.js" renderer-url="/_astro/client.js" ssr client="load"></astro-island>' +
        '<astro-island uid="b" component-url="/_astro/Visible.js" renderer-url="/_astro/client.js" ssr client="visible"></astro-island>',
    );
    expect(entriesOf(page)).toEqual(['/_astro/Form.js', '/_astro/client.js']);
    expect(modulesToPreload(page, read)).toEqual([
      '/_astro/Form.js',
      '/_astro/jsx.js',
      '/_astro/shared.js',
      '/_astro/store.js',
      '/_astro/client.js',
      '/_astro/react.js',
    ]);
  });

  it("follows the HTTP transport's import() for an island that reads the API as it starts, and no other import()", () => {
    expect(eagerImportsOf('const t=()=>import(`./http-transport.H7-x.js`),l=()=>import( "./later.js" );')).toEqual([
      './http-transport.H7-x.js',
    ]);
    const page = html(
      '<astro-island uid="a" component-url="/_astro/Data.js" renderer-url="/_astro/client.js" ssr client="load"></astro-island>',
    );
    expect(modulesToPreload(page, read)).toEqual([
      '/_astro/Data.js',
      '/_astro/shared.js',
      '/_astro/store.js',
      '/_astro/http-transport.H7-x.js',
      '/_astro/ky.js',
      '/_astro/client.js',
      '/_astro/react.js',
    ]);
    // A form calls when it is sent: its page does not fetch the transport on load.
    const form = html(
      '<astro-island uid="a" component-url="/_astro/LoginForm.B8.js" renderer-url="/_astro/client.js" ssr client="load"></astro-island>',
    );
    expect(modulesToPreload(form, read)).toEqual([
      '/_astro/LoginForm.B8.js',
      '/_astro/shared.js',
      '/_astro/store.js',
      '/_astro/client.js',
      '/_astro/react.js',
    ]);
  });

  it('writes them into <head>, and leaves a page without any alone', () => {
    const page = html('<p>Hello</p>');
    expect(withPreloads(page, [])).toBe(page);
    expect(withPreloads(page, ['/_astro/a.js', '/_astro/b.js'])).toBe(
      '<html><head><title>x</title><link rel="modulepreload" href="/_astro/a.js"><link rel="modulepreload" href="/_astro/b.js"></head><body><p>Hello</p></body></html>',
    );
  });

  it('lists for the next step its page and the modules it needs that this page, with all its islands, has not loaded', () => {
    const signup = html(
      '<script type="module" src="/_astro/page.js"></script>' +
        '<astro-island uid="a" component-url="/_astro/Form.js" renderer-url="/_astro/client.js" ssr client="idle"></astro-island>',
    );
    const code = html(
      '<script type="module" src="/_astro/page.js"></script>' +
        '<astro-island uid="b" component-url="/_astro/Visible.js" renderer-url="/_astro/client.js" ssr client="load"></astro-island>',
    );
    expect(nextStepOf(signup, code, read)).toEqual(['/_astro/Visible.js', '/_astro/heavy.js']);
    expect(withNextStep('<html lang="en"><head></head><body class="x"></body></html>', ['/_astro/a.js', '/_astro/b.js'])).toBe(
      '<html lang="en"><head></head><body data-next-step="/_astro/a.js /_astro/b.js" class="x"></body></html>',
    );
    // However many modules the next page needs, <meta charset> stays in the first 1024 bytes.
    const page = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>';
    const long = withNextStep(
      page,
      Array.from({ length: 60 }, (_, i) => `/_astro/module-${i}.abcdefgh.js`),
    );
    expect(long.indexOf('<meta charset')).toBeLessThan(1024);
  });
});
