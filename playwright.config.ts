import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts';

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 4399);
// One fresh data folder per run, shared by the server and the tests (which read its mail outbox).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'adire-e2e-'));
export const BASE_URL = `http://127.0.0.1:${PORT}`;

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  timeout: 30_000,
  expect: {
    timeout: 5_000,
    // The pictures of tests/e2e/screenshots.spec.ts, drawn by Debian's Chromium on Linux with the fonts
    // .ci/run installs. One folder per spec, one file per shot: nothing of the machine in the name.
    toHaveScreenshot: {
      pathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // A pixel counts as changed past the default colour distance (0.2), which already lets the
      // edges of letters drawn a little differently (anti-aliasing, hinting) through. Up to 0.2 % of
      // the pixels may change beyond that: about 2,100 on a laptop's screen, 650 on a phone's. Two
      // runs here differ by 70 at most; the settings page with its phone-only select shown on a
      // laptop (issue 17) differs by 17,000 to 76,000, a moved column or an open menu by thousands.
      threshold: 0.2,
      maxDiffPixelRatio: 0.002,
    },
  },
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every test about a quarter more time (auth-a11y: 160 s against 117 s
    // here); in CI a failure is run again, with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: chromium,
    // The portal's service worker (ADR 015) answers pages from its cache: only tests/e2e/offline.spec.ts, which is about it, lets it run.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', testIgnore: /slow-phone\.spec\.ts/, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    // A cheap phone on slow mobile data (network and CPU slowed in the spec itself, through CDP). Its
    // steps are timed, so it runs on a quiet host: after every other test, one test at a time.
    {
      name: 'slow-phone',
      testMatch: /slow-phone\.spec\.ts/,
      dependencies: ['chromium'],
      workers: 1,
      use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, launchOptions: chromium },
    },
  ],
  webServer: {
    // The production server over the production build, on a throwaway data folder.
    command: 'node tests/e2e/serve.ts',
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    // A fresh data folder means creating the embedded database first (5 to 15 s here).
    timeout: 120_000,
    // Behind one proxy on this machine, as production stands behind nginx: the tests' API helper sends
    // each test's own X-Forwarded-For (fixtures.ts), the browser none (it counts as 127.0.0.1).
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      STAFF_EMAIL: 'staff@adireacademy.test',
      TRUST_PROXY: '1',
    },
  },
});
