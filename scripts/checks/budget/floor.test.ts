import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tests/chromium.ts';
import { serveFloor } from './floor.ts';

/** Every address the browser asks for while loading `url` in a Chromium launched as Lighthouse launches it. */
async function requestsOf(url: string): Promise<string[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0]!.newPage();
    // The browser's own requests (the favicon) are seen on the page's network domain, not by page.on('request').
    const cdp = await page.context().newCDPSession(page);
    const urls: string[] = [];
    cdp.on('Network.requestWillBeSent', (event) => urls.push(event.request.url));
    await cdp.send('Network.enable');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    await browser.close();
    return urls;
  } finally {
    chrome.kill();
  }
}

describe('the floor page', () => {
  it('makes no request but its own: no favicon request to race its LCP in the simulation', { timeout: 60_000 }, async () => {
    const floor = await serveFloor();
    try {
      expect(await requestsOf(floor.url)).toEqual([floor.url]);
    } finally {
      await floor.close();
    }
  });
});
