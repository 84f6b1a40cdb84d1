// Content Markdown is text, never HTML: a `<script>` in a course's or a page's body would run on the
// students' pages. The build refuses such a body (src/server/content-gate/), and so does the
// editor's gate, at save, with the file and the line, so that staff hear of it at once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { refusal, type GateRules } from '../editor/gate.ts';

const rules: GateRules = {
  editable: ['content/projects'],
  entries: [{ folder: 'content/projects', extension: '.md', removable: false, creatable: true }],
  pictures: [],
};
const save = (raw: string) => ({ branch: 'main', dataFiles: [{ path: 'content/projects/british-council.md', raw }], assets: [] });
const project = readFileSync('content/projects/british-council.md', 'utf8');
const lines = project.split('\n').length;

describe('the editor gate on a Markdown body', () => {
  it('saves a body of Markdown, markup shown as code included', async () => {
    expect(await refusal('persistEntry', save(project), rules)).toBeUndefined();
    expect(await refusal('persistEntry', save(`${project}\nUse \`<b>\` for bold, and 2 < 3.\n`), rules)).toBeUndefined();
  });

  it.each([
    '<script>document.title=localStorage.getItem("adire.session")</script>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<iframe src="https://evil.example"></iframe>',
    'A picture <img src="x" onerror="alert(1)"> in a sentence.',
  ])('refuses raw HTML, naming the file and the line: %s', async (html) => {
    expect(await refusal('persistEntry', save(`${project}\n${html}\n`), rules)).toBe(
      `content/projects/british-council.md:${lines + 1}: raw HTML is not allowed in content (it could run script on the students' pages): write it as Markdown, or show markup as \`code\`.`,
    );
  });

  it('refuses a javascript: address in a link field of a YAML file', async () => {
    const site = { editable: ['content/site.yaml'], entries: [{ file: 'content/site.yaml' }], pictures: [] };
    const yaml = {
      branch: 'main',
      dataFiles: [{ path: 'content/site.yaml', raw: 'promoLink:\n  label: Go\n  href: javascript:alert(1)\n' }],
      assets: [],
    };
    expect(await refusal('persistEntry', yaml, site)).toMatch(/^content\/site\.yaml:3: links may only be web/);
  });

  it('refuses a javascript: link', async () => {
    expect(await refusal('persistEntry', save(`${project}\n[Apply](javascript:alert(1))\n`), rules)).toMatch(
      /^content\/projects\/british-council\.md:\d+: links may only be web/,
    );
  });
});
