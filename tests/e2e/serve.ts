// Starts the real server for the end-to-end run on the data folder the Playwright config made.
process.env.DATA_DIR ??= process.env.E2E_DATA_DIR;
await import('../../src/server/main.ts');
