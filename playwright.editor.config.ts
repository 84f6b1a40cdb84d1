// The content editor under test: `npm run edit` (scripts/editor/serve.ts) on a copy of content/, so the
// tests write to the copy and never to the working copy. One worker: the tests share that copy.
import { defineConfig } from '@playwright/test';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts';

const PORT = Number(process.env.EDITOR_PORT ?? 4398);
if (!process.env.EDITOR_ROOT) {
  process.env.EDITOR_ROOT = mkdtempSync(join(tmpdir(), 'adire-editor-'));
  cpSync('content', join(process.env.EDITOR_ROOT, 'content'), { recursive: true });
}

export default defineConfig({
  testDir: 'tests/editor',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright-editor.json' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1366, height: 900 },
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `node scripts/editor/serve.ts --root ${process.env.EDITOR_ROOT} --port ${PORT}`,
    url: `http://localhost:${PORT}/admin/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
