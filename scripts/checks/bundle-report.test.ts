import { SourceMapGenerator, type RawSourceMap } from 'source-map-js';
import { expect, it } from 'vitest';
import { bytesBySource, sourceName } from './bundle-report.ts';

it('names a dependency by its package and our code by its path under src/', () => {
  expect(sourceName('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
  expect(sourceName('../../node_modules/@tanstack/form-core/dist/esm/FormApi.js')).toBe('@tanstack/form-core');
  expect(sourceName('/work/x/src/lib/http.ts')).toBe('src/lib/http.ts');
  expect(sourceName('/work/x/src/layouts/Page.astro?astro&type=script&index=0&lang.ts')).toBe('src/layouts/Page.astro');
});

it("counts each built byte for the source its map segment names, up to the next segment or the line's end", () => {
  const code = 'aaaaabbb\ncccc';
  const map = new SourceMapGenerator({ file: 'x.js' });
  map.addMapping({ generated: { line: 1, column: 0 }, original: { line: 1, column: 0 }, source: 'node_modules/ky/index.js' });
  map.addMapping({ generated: { line: 1, column: 5 }, original: { line: 1, column: 0 }, source: 'src/lib/http.ts' });
  map.addMapping({ generated: { line: 2, column: 0 }, original: { line: 1, column: 0 }, source: 'node_modules/ky/index.js' });
  expect(Object.fromEntries(bytesBySource(code, JSON.parse(map.toString()) as RawSourceMap))).toEqual({ ky: 9, 'src/lib/http.ts': 3 });
});
