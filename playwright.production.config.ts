// The production shape's browser tests (tests/production, issue 19): nginx in front of two API
// processes on one PostgreSQL. Each test starts what it needs; scripts/checks/test-postgres.sh runs them
// with SHAPE_DATABASE_URL set, after the API tests, on the same throwaway PostgreSQL server.
import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts';

// The end-to-end fixtures read an outbox folder at import; these tests name their own.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'adire-shape-e2e-'));

export default defineConfig({
  testDir: 'tests/production',
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
