// The slow phone of the slow-phone specs (playwright.config.ts, project 'slow-phone'): 1.6 Mbit/s
// down with 150 ms round trips and the CPU slowed 4x against this project's reference machine (a
// host that is already slower is slowed less), and the report each spec writes of its timings.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';

/** A fixed piece of work the reference machine does in this many milliseconds, unthrottled. */
export const REFERENCE_WORK_MS = 150;

/** Writes the timings to reports/<name> and attaches them to the test's report. */
export async function writeReport(testInfo: TestInfo, name: string, report: object) {
  const body = `${JSON.stringify(report, null, 2)}\n`;
  mkdirSync('reports', { recursive: true });
  writeFileSync(`reports/${name}`, body);
  await testInfo.attach(name, { body, contentType: 'application/json' });
}

export async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await page.goto('/empty');
  // The quickest of three runs: the first is slowed by the compiler warming up.
  const workMs = await page.evaluate(() => {
    const runs = [0, 1, 2].map(() => {
      const start = performance.now();
      let x = 0;
      for (let i = 0; i < 3e7; i++) x = (x + i * 7) % 1_000_003;
      return performance.now() - start + (x < 0 ? 1 : 0);
    });
    return Math.min(...runs);
  });
  const rate = Math.min(4, Math.max(1, (4 * REFERENCE_WORK_MS) / workMs));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return { rate, workMs };
}
