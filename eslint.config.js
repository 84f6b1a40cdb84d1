// Lint with type information, plus the import boundaries of STYLE.md: server code never reaches
// the browser, lib/ knows no feature, and features do not reach into each other.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_ONLY = { group: ['node:*'], message: 'Browser code cannot use Node built-ins.' };
// The service worker runs in its own scope (src/service-worker/tsconfig.json): pages import its registration only.
const WORKER_ONLY = {
  regex: 'service-worker/worker',
  message: 'The service worker is built on its own (scripts/service-worker.ts): import register.ts.',
};
const restrict = (...patterns) => ['error', { patterns }];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-editor/',
      '.astro/',
      'node_modules/',
      'data/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'drizzle/meta/',
      'tests/client-journey/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname, extraFileExtensions: ['.astro'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['**/*.astro', '**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y-x': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.strict.rules },
  },
  {
    // Browser code: the site's components, layouts, scripts, lib, the service worker, and every
    // feature's files but its server/ (whatever folder they sit in, offline/ and ui/ too).
    files: ['src/lib/**', 'src/components/**', 'src/layouts/**', 'src/scripts/**', 'src/service-worker/**', 'src/features/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/features/*/server/**'],
    rules: { 'no-restricted-imports': restrict(NODE_ONLY, WORKER_ONLY) },
  },
  {
    // Import boundaries: lib <- features <- pages. A feature's server side and the server's own
    // infrastructure never reach the browser; no feature imports another feature.
    // The files at src/'s top (content.config.ts, env.d.ts) are Astro's own entry points.
    files: ['src/*/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true, project: './tsconfig.json' } },
      'boundaries/include': ['src/*/**'],
      'boundaries/elements': [
        { type: 'feature-server', pattern: 'src/features/*/server', capture: ['feature'] },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'server', pattern: 'src/server' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'component', pattern: 'src/components' },
        { type: 'layout', pattern: 'src/layouts' },
        { type: 'script', pattern: 'src/scripts' },
        { type: 'service-worker', pattern: 'src/service-worker' },
        { type: 'style', pattern: 'src/styles' },
        { type: 'page', pattern: 'src/pages' },
      ],
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{from.type}} must not import {{to.type}} ({{to.path}}): see the import boundaries in eslint.config.js.',
          policies: [
            { from: { element: { type: 'lib' } }, allow: { to: { element: { types: { anyOf: ['lib', 'style'] } } } } },
            // The service worker serves the whole site: it knows lib (the offline keys), no feature.
            { from: { element: { type: 'service-worker' } }, allow: { to: { element: { type: 'lib' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { types: { anyOf: ['lib', 'style', 'service-worker'] } } } },
                { to: { element: { type: 'feature', captured: { feature: '{{from.captured.feature}}' } } } },
              ],
            },
            {
              from: { element: { type: 'feature-server' } },
              allow: [
                { to: { element: { types: { anyOf: ['server', 'lib'] } } } },
                {
                  to: { element: { types: { anyOf: ['feature', 'feature-server'] }, captured: { feature: '{{from.captured.feature}}' } } },
                },
              ],
            },
            // The server composes every feature's sub-app (app.ts), as pages compose their islands.
            {
              from: { element: { type: 'server' } },
              allow: { to: { element: { types: { anyOf: ['server', 'lib', 'feature-server'] } } } },
            },
            {
              from: { element: { types: { anyOf: ['component', 'layout', 'script'] } } },
              allow: { to: { element: { types: { anyOf: ['component', 'layout', 'script', 'style', 'lib', 'feature'] } } } },
            },
            {
              from: { element: { type: 'page' } },
              allow: { to: { element: { types: { anyOf: ['page', 'component', 'layout', 'script', 'style', 'lib', 'feature'] } } } },
            },
          ],
        },
      ],
    },
  },
);
