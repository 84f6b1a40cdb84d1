// Starts the real server for the end-to-end run on a fresh, temporary data folder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'adire-e2e-'));
await import('../../src/server/main.ts');
