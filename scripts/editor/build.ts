// The editor for production: a static folder to serve at the editor's own address (never inside
// dist/, so no public page changes), with a git host as its backend.
//
//   EDITOR_REPO=owner/name [EDITOR_BACKEND=github] [EDITOR_AUTH_URL=https://auth.example.ng] \
//     node scripts/editor/build.ts dist-editor
//
// Staff sign in with the git host; each save opens a branch and a pull request (editorial workflow);
// merging it to main starts the CDN build. See docs/editing-content.md.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { editorConfig, type PresenceRules } from './decap-config.ts';
import { loadCollections } from './load-collections.ts';
import { editorScript, PAGE, previewStyles } from './page.ts';

const out = resolve(process.argv[2] ?? 'dist-editor');
const repo = process.env.EDITOR_REPO;
if (!repo) throw new Error('Set EDITOR_REPO to the repository staff edit, e.g. adire-academy/website.');

const rules: PresenceRules = {};
const backend = {
  name: process.env.EDITOR_BACKEND ?? 'github',
  repo,
  branch: 'main',
  ...(process.env.EDITOR_AUTH_URL && { base_url: process.env.EDITOR_AUTH_URL }),
};
const config = { ...editorConfig(await loadCollections(), { root: '.', backend }, rules), publish_mode: 'editorial_workflow' };

mkdirSync(out, { recursive: true });
const decap = dirname(createRequire(import.meta.url).resolve('decap-cms/dist/decap-cms.js'));
cpSync(decap, out, {
  recursive: true,
  filter: (file) => file === decap || (/decap-cms\.js$|\.wasm$/.test(file) && !file.endsWith('.map')),
});
writeFileSync(join(out, 'index.html'), PAGE);
writeFileSync(join(out, 'config.yml'), stringify(config));
writeFileSync(join(out, 'rules.json'), JSON.stringify(rules));
writeFileSync(join(out, 'editor.js'), await editorScript());
writeFileSync(join(out, 'preview.css'), await previewStyles());
console.log(`Editor written to ${out} (backend ${backend.name}, ${repo}).`);
