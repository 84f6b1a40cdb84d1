// The editor's local backend answers only for what the editor edits: never the paid materials, the
// lessons, the data folder or a path out of the folder; entries are removed only where allowed;
// pictures only in the formats and sizes the gate names.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { refusal } from './gate.ts';

const rules = { editable: ['content/courses', 'content/images/courses', 'content/site.yaml'], removable: ['content/faculty'] };
const picture = async (width: number, height: number) =>
  (
    await sharp({ create: { width, height, channels: 3, background: '#336' } })
      .png()
      .toBuffer()
  ).toString('base64');
const upload = (path: string, content: string) => ({ branch: 'main', asset: { path, content, encoding: 'base64' } });

describe('the editor gate', () => {
  it('reads and writes only what the editor edits', async () => {
    expect(await refusal('getEntry', { path: 'content/courses/x.md' }, rules)).toBeUndefined();
    expect(await refusal('entriesByFiles', { files: [{ path: 'content/site.yaml' }] }, rules)).toBeUndefined();
    for (const path of [
      'content/lessons/x.yaml',
      'content/materials/x/a.pdf',
      'data/pglite/base',
      'content/courses/../../data/x',
      '/etc/passwd',
    ])
      expect(await refusal('getEntry', { path }, rules)).toBe('This file is not edited here.');
    expect(await refusal('entriesByFolder', { folder: 'content/materials' }, rules)).toBeDefined();
    expect(await refusal('persistEntry', { dataFiles: [{ path: 'content/lessons/x.yaml' }], assets: [] }, rules)).toBeDefined();
    expect(await refusal('unpublishedEntries', {}, rules)).toBeDefined();
  });

  it('removes entries only from collections that allow it', async () => {
    expect(await refusal('deleteFile', { path: 'content/courses/x.md' }, rules)).toBe('This is not removed here.');
    expect(await refusal('deleteFiles', { paths: ['content/faculty/x.md'] }, rules)).toBeUndefined();
  });

  it('takes pictures in the allowed formats, sizes and dimensions only', async () => {
    expect(await refusal('persistMedia', upload('content/images/courses/a.png', await picture(800, 600)), rules)).toBeUndefined();
    expect(await refusal('persistMedia', upload('content/images/courses/a.svg', await picture(800, 600)), rules)).toMatch(
      /JPEG, PNG, WebP or AVIF/,
    );
    expect(await refusal('persistMedia', upload('content/images/courses/a.png', await picture(200, 200)), rules)).toMatch(
      /at least 320 px wide/,
    );
    expect(await refusal('persistMedia', upload('content/images/courses/a.png', await picture(4200, 300)), rules)).toMatch(
      /at most 4000 px/,
    );
    expect(
      await refusal('persistMedia', upload('content/images/courses/a.jpg', Buffer.from('not a picture').toString('base64')), rules),
    ).toMatch(/not a picture/);
    const noise = Buffer.from(Array.from({ length: 2.5 * 1024 * 1024 }, (_, i) => (i * 7919) % 251)).toString('base64');
    expect(await refusal('persistMedia', upload('content/images/courses/a.png', noise), rules)).toMatch(/at most 2 MB/);
  });
});
