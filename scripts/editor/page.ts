// The editor's page and preview styles, the same for `npm run edit` and the production build of the
// editor (scripts/editor/build.ts).
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { PICTURE_LIMITS } from '#server/content-gate/content-rules.ts';

export const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Content editor · Adire Fashion Academy</title>
    <link href="config.yml" type="text/yaml" rel="cms-config-url" />
  </head>
  <body>
    <script src="decap-cms.js"></script>
    <script src="editor.js"></script>
  </body>
</html>
`;

/**
 * The editor inside the product, /staff/content/ (src/features/staff/server/editor-page.ts): no
 * configuration link (staff-page.js asks the API for it with the staff session, then starts Decap).
 */
export const STAFF_PAGE = PAGE.replace('    <link href="config.yml" type="text/yaml" rel="cms-config-url" />\n', '').replace(
  '    <script src="decap-cms.js"></script>',
  '    <script src="staff-page.js"></script>\n    <script src="decap-cms.js"></script>',
);

/** The site's global stylesheet, then the preview's own rules. */
export async function previewStyles(): Promise<Buffer> {
  const parts = await Promise.all([
    readFile(new URL('../../src/styles/global.css', import.meta.url)),
    readFile(new URL('preview.css', import.meta.url)),
  ]);
  return Buffer.concat(parts);
}

/**
 * The editor page's own script (editor-page.js), bundled with the site's formatting rules it
 * imports, so the preview shows a price and a duration as the course page does.
 */
export async function editorScript(): Promise<string> {
  const result = await build({
    entryPoints: [new URL('editor-page.js', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    // The editor page's own styles come in the script (page/editor.css): one file to serve.
    loader: { '.css': 'text' },
    // The picture limits the gate and the build hold (content-rules.ts), for page/pictures.js.
    define: { EDITOR_PICTURE_LIMITS: JSON.stringify(PICTURE_LIMITS) },
    write: false,
  });
  return result.outputFiles[0]!.text;
}
