// Lint with type information, plus the import boundaries of STYLE.md: server code never reaches
// the browser, lib/ knows no feature, and features do not reach into each other.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_ONLY = { group: ['**/server/**', '**/server'], message: 'Server code stays on the server: browser code must not import it.' };
const NODE_ONLY = { group: ['node:*'], message: 'Browser code cannot use Node built-ins.' };
const restrict = (...patterns) => ['error', { patterns }];

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'data/', 'reports/', 'test-results/', 'playwright-report/', 'drizzle/meta/'] },
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
    files: ['src/lib/**', 'src/components/**', 'src/layouts/**', 'src/scripts/**', 'src/features/*/*.ts', 'src/features/*/ui/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(SERVER_ONLY, NODE_ONLY) },
  },
  {
    files: ['src/lib/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(SERVER_ONLY, NODE_ONLY, {
        group: ['**/features/**'],
        message: 'lib/ is shared by every feature and must not depend on one.',
      }),
    },
  },
  {
    files: ['src/features/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(SERVER_ONLY, NODE_ONLY, {
        regex: '^\\.\\./[^./][^/]*/',
        message: 'A feature does not import another feature: compose them in a page.',
      }),
    },
  },
  {
    files: ['src/features/*/ui/**'],
    rules: {
      'no-restricted-imports': restrict(SERVER_ONLY, NODE_ONLY, {
        regex: '^\\.\\./\\.\\./[^./][^/]*/',
        message: 'A feature does not import another feature: compose them in a page.',
      }),
    },
  },
);
