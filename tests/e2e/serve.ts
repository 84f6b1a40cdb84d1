// Starts the real server for the end-to-end run on the data folder the Playwright config made.
if (!process.env.DATA_DIR && process.env.E2E_DATA_DIR) process.env.DATA_DIR = process.env.E2E_DATA_DIR;
export {};
await import('#server/main.ts');
