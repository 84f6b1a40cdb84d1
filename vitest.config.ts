import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The content schemas (src/content.config.ts) import Astro's virtual modules, which exist only inside
// an Astro build. The server reads them through scripts/editor/load-collections.ts, which swaps in
// these stubs; every test does the same here, so any route that reaches the editor (the staff
// content calls, fuzzed with every other operation) runs in tests as it does in the server.
const stubs = fileURLToPath(new URL('scripts/editor/astro-stubs.ts', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^astro:content$/, replacement: stubs },
      { find: /^astro\/loaders$/, replacement: stubs },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
