// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import solid from '@astrojs/solid-js';
import sitemap from '@astrojs/sitemap';
import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import { buildGate, OWN_SCRIPT_MARK, refuseUnsafeMarkdown } from './src/server/content-gate/build-gate.ts';
import { contentRulesOf } from './scripts/editor/decap-config.ts';

/**
 * More chunks of modules that load together wherever any of them loads, so each is one file, not
 * four: a file has its own gzip and its own import glue, about 0.2 KB each on these sizes. `site`:
 * what every page's script imports beside itself (errors and toasts' store, the stores' atom, the
 * session's key, the islands' event names, the bundler's preload helper); `islands`: what every React
 * island loads (Astro's React client, the stores' hook, the island boundary). The islands' event
 * names (lib/island-ready.ts) are in `site`: the code page's script reads them before any island,
 * and taken into `islands` with the boundary that imports them they brought React along. A group takes its modules' imports with it,
 * so each holds only modules whose imports are its own or an earlier group's: nothing more comes
 * along. Measured (docs/architecture.md 'Budgets'): each of the dashboard's pages about 1.5 KB less,
 * no page more than 0.1 KB more; content pages load their script in 3 files instead of 5 (4.4 KB:
 * the header, which the portal's own page script shares, is a chunk of its own).
 */
const CHUNK_GROUPS = [
  {
    name: 'site',
    priority: 25,
    test: /src[\\/]lib[\\/](errors|session-key|island-ready|toast[\\/]store)\.ts$|node_modules[\\/]nanostores[\\/]atom[\\/]|preload-helper/,
  },
  {
    name: 'islands',
    priority: 20,
    test: /src[\\/]lib[\\/]react[\\/]IslandBoundary\.tsx$|@astrojs[\\/]react[\\/]|@nanostores[\\/]react[\\/]/,
  },
  {
    // What a course's page shows of saving for offline (the sizes, the quality kept, the progress),
    // which the code it fetches when a student saves, or opens a lesson's settings or the player,
    // imports too: one file on the page instead of two.
    name: 'course-offline',
    priority: 15,
    test: /src[\\/]features[\\/]learning[\\/](video-settings|renditions|offline[\\/](saving|save-progress))\.ts$/,
  },
];

const site = process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321';

// React renders every island under features/*/ui; Solid renders only the toaster (and solid-toast's
// own JSX source), so the two JSX transforms never see each other's files.
export default defineConfig({
  site,
  output: 'static',
  // A publish builds into its release's folder, with a cache of its own whose content paths stay the
  // same from one publish to the next (src/features/staff/server/publishing.ts).
  outDir: process.env.BUILD_OUT_DIR ?? './dist',
  cacheDir: process.env.BUILD_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  prefetch: false,
  devToolbar: { enabled: false },
  // Content Markdown is text: a body with raw HTML or a javascript: link stops the build
  // (src/server/content-gate/build-gate.ts).
  // No highlighter: content has no code to colour, and Shiki's inline styles are what Astro's CSP
  // check warns of.
  markdown: { processor: satteri({ mdastPlugins: [refuseUnsafeMarkdown] }), syntaxHighlight: false },
  // Astro hashes the inline scripts it writes itself for its CSP <meta>; the build takes those hashes
  // as the allow-list of the pages' CSP header and removes the <meta> (src/server/own-scripts.ts).
  security: { csp: true },
  // `npm run dev` serves pages only; the API comes from a running `npm start` (or API_PROXY).
  vite: {
    build: {
      sourcemap: process.env.SOURCEMAP === '1',
      // No page script is written inline, however small: a file of its own is what
      // scripts/build/defer-page-script.ts starts after the first paint (an inline module script ran
      // before it, and a course page's fetched the scholarship then, a request Lighthouse's simulation
      // counts as holding the paint back), and the HTML stays under the 14.6 KB the simulated phone
      // gets in its first round trip (docs/architecture.md, Budgets). Other assets: Vite's default.
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    },
    // Our own inline scripts carry this build's mark (data-own-script): src/server/content-gate/build-gate.ts.
    define: { 'import.meta.env.OWN_SCRIPT_MARK': JSON.stringify(OWN_SCRIPT_MARK) },
    // TanStack Form's devtools client, which nothing here listens to, becomes a no-op, and its form
    // groups, which no form here has, a stand-in that fails loudly (see the files).
    resolve: {
      alias: [
        { find: '@tanstack/devtools-event-client', replacement: fileURLToPath(new URL('src/lib/forms/no-devtools.ts', import.meta.url)) },
        { find: /^\.\/useFormGroup\.js$/, replacement: fileURLToPath(new URL('src/lib/forms/no-form-group.ts', import.meta.url)) },
      ],
    },
    // React (react, react-dom, the scheduler) in one chunk of its own, `react-runtime.<hash>.js`: the
    // fixed base every React island pays, which the budget step counts apart from our code
    // (scripts/checks/budget/react-share.ts), and one request instead of three. Browser code only.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'react-runtime', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
                  // valibot (one module) under its own name: a portal page loads it only with a form or a
                  // schema it parses (lib/http.ts, `trusted`), and a browser test checks that by its name.
                  { name: 'valibot', test: /node_modules[\\/]valibot[\\/]/, priority: 28 },
                  ...CHUNK_GROUPS,
                ],
              },
            },
          },
        },
      },
    },
    server: { proxy: { '/api': process.env.API_PROXY ?? 'http://127.0.0.1:4321' } },
  },
  integrations: [
    // First: content/ is checked before anything reads it, by the rules the local editor's gate
    // holds a save to as well (the editor's picture folders and relation fields), so what came by
    // git or the production editor fails here, naming the file.
    buildGate(process.env.CONTENT_ROOT ? `${process.env.CONTENT_ROOT}/content` : 'content', contentRulesOf),
    // client:interaction: hydrate when a person reaches for the island (src/lib/hydrate-on-interaction.ts).
    {
      name: 'hydrate-on-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({
            name: 'interaction',
            entrypoint: fileURLToPath(new URL('src/lib/hydrate-on-interaction.ts', import.meta.url)),
          }),
      },
    },
    react({ include: ['**/features/*/ui/**/*.tsx', '**/lib/forms/**/*.tsx', '**/lib/react/**/*.tsx'] }),
    solid({ include: ['**/*.solid.tsx', '**/node_modules/solid-toast/**'] }),
    // Login and sign-up are worth finding; the steps inside the account flows and private pages are not.
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname.replace(/\/$/, '');
        return (
          path === '/auth/login' ||
          path === '/auth/signup' ||
          !/\/(404|empty|offline|auth|dashboard|payments|checkout|staff)(\/|$)/.test(path)
        );
      },
    }),
  ],
});
