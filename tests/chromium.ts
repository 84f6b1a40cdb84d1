// Debian's Chromium (TOOLCHAIN.md), for Playwright and Lighthouse alike: nothing downloads a
// browser here, and the closed network makes Chromium's background traffic fail noisily.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
