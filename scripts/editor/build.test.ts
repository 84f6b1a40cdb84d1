// The production editor is a static folder of its own: Decap's bundle, the page, and a configuration
// with the git host as backend and every save a pull request.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

describe('the editor build (scripts/editor/build.ts)', () => {
  it('writes the editor with the GitHub backend and the editorial workflow', () => {
    const out = mkdtempSync(join(tmpdir(), 'editor-'));
    execFileSync(process.execPath, ['scripts/editor/build.ts', out], { env: { ...process.env, EDITOR_REPO: 'adire/site' } });
    for (const file of ['index.html', 'decap-cms.js', 'editor.js', 'preview.css', 'rules.json'])
      expect(existsSync(join(out, file)), file).toBe(true);
    const config = parse(readFileSync(join(out, 'config.yml'), 'utf8')) as { backend: Record<string, string>; publish_mode: string };
    expect(config.backend).toEqual({ name: 'github', repo: 'adire/site', branch: 'main' });
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(JSON.parse(readFileSync(join(out, 'rules.json'), 'utf8'))).toHaveProperty('projects');
  });

  it('refuses to start without the repository', () => {
    const { EDITOR_REPO: _, ...env } = process.env;
    expect(() =>
      execFileSync(process.execPath, ['scripts/editor/build.ts', mkdtempSync(join(tmpdir(), 'editor-'))], { env, stdio: 'pipe' }),
    ).toThrow(/EDITOR_REPO/);
  });
});
