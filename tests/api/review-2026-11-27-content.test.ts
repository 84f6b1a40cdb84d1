// Findings of the review of 2026-11-27 on the editor's backend (POST staff/content), over a content
// repository of its own (the content tests' setup).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readJson, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

vi.mock('astro:content', () => import('../../scripts/editor/astro-stubs.ts'));
vi.mock('astro/loaders', () => import('../../scripts/editor/astro-stubs.ts'));

const repo = mkdtempSync(join(tmpdir(), 'content-repo-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const t = useTestApp({ env: { CONTENT_REPO_DIR: repo } });

describe('getMediaFile of a picture that is not there', () => {
  it('answers 404 with the reason (an entry naming a removed picture), not a server error', async () => {
    const { token } = await seedStaff(t);
    for (const path of ['content/images/removed.png', 'content/images']) {
      const answer = await send(t.app, 'staff/content', { action: 'getMediaFile', params: { branch: 'main', path } }, { token });
      expect(answer.status).toBe(404);
      expect(await readJson(answer)).toEqual({ message: `${path}: no such picture.`, error: `${path}: no such picture.` });
    }
  });
});
