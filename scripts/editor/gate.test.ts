// The editor's local backend answers only for what the editor edits: never the paid materials, the
// lessons, the data folder or a path out of the folder; an entry is written only as a file of its own
// collection, never renamed; pictures only in the picture fields' folders, in the formats and sizes
// the gate names; entries are removed only where allowed.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { refusal, type GateRules } from './gate.ts';

const rules: GateRules = {
  editable: ['content/courses', 'content/faculty', 'content/images', 'content/images/courses', 'content/site.yaml'],
  entries: [
    { folder: 'content/courses', extension: '.md', removable: false, creatable: false },
    { folder: 'content/faculty', extension: '.md', removable: true, creatable: true },
    { file: 'content/site.yaml' },
  ],
  pictures: ['content/images', 'content/images/courses'],
  exists: (path) => Promise.resolve(['content/courses/aso-oke-weaving.md', 'content/faculty/ada.md'].includes(path)),
};
const picture = async (width: number, height: number) =>
  (
    await sharp({ create: { width, height, channels: 3, background: '#336' } })
      .png()
      .toBuffer()
  ).toString('base64');
const upload = (path: string, content: string, encoding = 'base64') => ({ branch: 'main', asset: { path, content, encoding } });
const save = (
  dataFiles: { path: string; raw?: string; newPath?: string }[],
  assets: { path: string; content: string; encoding: string }[] = [],
) => ({
  branch: 'main',
  dataFiles,
  assets,
});
/** Ways round a check of the text of a path that a file system would still follow. */
const TRICKS = [
  'content/courses/..\\..\\package.json',
  'content\\courses\\x.md',
  'content/courses/../../package.json',
  'content/courses/./x.md',
  'content/courses//x.md',
  '/content/courses/x.md',
  'content/courses/x.md\0.png',
  'C:/content/courses/x.md',
  'content/courses/x.md:stream',
];

describe('the editor gate', () => {
  it('reads only what the editor edits', async () => {
    expect(await refusal('getEntry', { path: 'content/courses/x.md' }, rules)).toBeUndefined();
    expect(await refusal('entriesByFiles', { files: [{ path: 'content/site.yaml' }] }, rules)).toBeUndefined();
    for (const path of [
      'content/lessons/x.yaml',
      'content/materials/x/a.pdf',
      'data/pglite/base',
      'content/courses/../../data/x',
      '/etc/passwd',
      ...TRICKS,
    ])
      expect(await refusal('getEntry', { path }, rules), path).toBe('This file is not edited here.');
    expect(await refusal('entriesByFolder', { folder: 'content/materials' }, rules)).toBeDefined();
    expect(await refusal('getMedia', { mediaFolder: 'content/images/../../data' }, rules)).toBeDefined();
    expect(await refusal('unpublishedEntries', {}, rules)).toBeDefined();
  });

  it("writes an entry only as a file of its own collection, with the collection's extension", async () => {
    expect(await refusal('persistEntry', save([{ path: 'content/courses/aso-oke-weaving.md', raw: '---\n---\n' }]), rules)).toBeUndefined();
    expect(await refusal('persistEntry', save([{ path: 'content/site.yaml', raw: 'main: {}\n' }]), rules)).toBeUndefined();
    expect(await refusal('persistEntry', { entry: { path: 'content/faculty/a.md', raw: '' }, assets: [] }, rules)).toBeUndefined();
    for (const path of [
      'content/lessons/x.yaml',
      // A picture folder is readable, but an entry's text is never checked as a picture is.
      'content/images/x.svg',
      'content/images/courses/x.png',
      'content/courses/x.svg',
      'content/courses/x.html',
      'content/courses/.md',
      'content/courses/nested/x.md',
      'content/site.yml',
      'content/site.yaml/x.md',
      ...TRICKS,
    ])
      expect(await refusal('persistEntry', save([{ path, raw: '<svg onload="alert(1)"/>' }]), rules), path).toMatch(
        /is not an entry file of the editor's collections/,
      );
    expect(await refusal('persistEntry', { entry: { path: 'content/images/x.svg' }, assets: [] }, rules)).toMatch(/not an entry file/);
    expect(await refusal('persistEntry', { dataFiles: 'content/courses/x.md', assets: [] } as never, rules)).toMatch(/not an entry file/);
    expect(await refusal('persistEntry', { dataFiles: [], assets: [] }, rules)).toBe('No entry was sent.');
  });

  it('makes no new entry in a collection that takes none, and does in one that does', async () => {
    expect(await refusal('persistEntry', save([{ path: 'content/courses/a-new-course.md', raw: '---\n---\n' }]), rules)).toBe(
      'content/courses/a-new-course.md: this collection takes no new entries here.',
    );
    expect(await refusal('persistEntry', save([{ path: 'content/faculty/new-tutor.md', raw: '---\n---\n' }]), rules)).toBeUndefined();
  });

  it("never renames an entry's file (decap-server would move the folder's other files with it)", async () => {
    expect(await refusal('persistEntry', save([{ path: 'content/faculty/a.md', newPath: 'content/courses/a.md' }]), rules)).toMatch(
      /not renamed here/,
    );
    expect(await refusal('persistEntry', save([{ path: 'content/faculty/a.md', newPath: 'content/faculty/b.md' }]), rules)).toMatch(
      /not renamed here/,
    );
    expect(
      await refusal('persistEntry', save([{ path: 'content/faculty/a.md', raw: '', newPath: 'content/faculty/a.md' }]), rules),
    ).toBeUndefined();
  });

  it("writes an entry's pictures only in the picture folders, checked as uploads are", async () => {
    const png = await picture(800, 600);
    const entry = { path: 'content/courses/aso-oke-weaving.md', raw: '' };
    expect(
      await refusal('persistEntry', save([entry], [{ path: 'content/images/courses/a.png', content: png, encoding: 'base64' }]), rules),
    ).toBeUndefined();
    for (const path of ['content/courses/a.png', 'content/images/tutors/a.png', 'content/images/courses/sub/a.png', ...TRICKS])
      expect(await refusal('persistEntry', save([entry], [{ path, content: png, encoding: 'base64' }]), rules), path).toMatch(
        /pictures go only in the folders of the editor's picture fields/,
      );
    expect(
      await refusal('persistEntry', save([entry], [{ path: 'content/images/courses/a.svg', content: png, encoding: 'base64' }]), rules),
    ).toMatch(/JPEG, PNG, WebP or AVIF/);
  });

  it('removes entries only from collections that allow it: never a course, never a picture', async () => {
    expect(await refusal('deleteFiles', { paths: ['content/faculty/x.md'] }, rules)).toBeUndefined();
    expect(await refusal('deleteFile', { path: 'content/faculty/x.md' }, rules)).toBeUndefined();
    for (const path of [
      'content/courses/x.md',
      'content/site.yaml',
      'content/faculty/x.yaml',
      'content/faculty/sub/x.md',
      'content/images/courses/a.png',
      'content/faculty/../courses/x.md',
      'content/faculty/..\\courses\\x.md',
      '/content/faculty/x.md',
      'content/faculty/x.md\0',
    ]) {
      expect(await refusal('deleteFile', { path }, rules), path).toBe('This is not removed here.');
      expect(await refusal('deleteFiles', { paths: ['content/faculty/x.md', path] }, rules), path).toBe('This is not removed here.');
    }
    // Each action is checked on the parameter decap-server reads for it.
    expect(await refusal('deleteFile', { path: 'content/courses/x.md', paths: ['content/faculty/x.md'] }, rules)).toBe(
      'This is not removed here.',
    );
    expect(await refusal('deleteFiles', { path: 'content/faculty/x.md', paths: ['content/courses/x.md'] }, rules)).toBe(
      'This is not removed here.',
    );
    expect(await refusal('deleteFiles', { paths: [] }, rules)).toBe('This is not removed here.');
  });

  it('takes pictures in the allowed folders, formats, encoding, sizes and dimensions only', async () => {
    expect(await refusal('persistMedia', upload('content/images/courses/a.png', await picture(800, 600)), rules)).toBeUndefined();
    expect(await refusal('persistMedia', upload('content/images/a.png', await picture(800, 600)), rules)).toBeUndefined();
    for (const path of ['content/courses/a.png', 'content/a.png', 'content/images/courses/x/a.png', ...TRICKS])
      expect(await refusal('persistMedia', upload(path, await picture(800, 600)), rules), path).toMatch(/pictures go only in the folders/);
    expect(await refusal('persistMedia', upload('content/images/courses/a.svg', await picture(800, 600)), rules)).toMatch(
      /JPEG, PNG, WebP or AVIF/,
    );
    // decap-server writes the bytes as `encoding` says: anything but base64 is refused, whatever it holds.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>';
    for (const encoding of ['utf8', 'latin1', 'hex', ''])
      expect(await refusal('persistMedia', upload('content/images/courses/a.png', svg, encoding), rules), encoding).toBe(
        'a.png was not sent as base64.',
      );
    expect(await refusal('persistMedia', upload('content/images/courses/a.png', await picture(200, 200)), rules)).toMatch(
      /at least 320 px wide/,
    );
    expect(await refusal('persistMedia', upload('content/images/courses/a.png', await picture(4200, 300)), rules)).toMatch(
      /at most 4000 px/,
    );
    expect(
      await refusal('persistMedia', upload('content/images/courses/a.jpg', Buffer.from('not a picture').toString('base64')), rules),
    ).toMatch(/not the JPG picture its name says \(it holds no picture\)/);
    const noise = Buffer.from(Array.from({ length: 2.5 * 1024 * 1024 }, (_, i) => (i * 7919) % 251)).toString('base64');
    expect(await refusal('persistMedia', upload('content/images/courses/a.png', noise), rules)).toMatch(/at most 2 MB/);
    expect(await refusal('persistMedia', { branch: 'main' } as never, rules)).toBe('No picture was sent.');
  });

  it('refuses an SVG under a picture name (sharp measures SVG too), as an upload and with an entry', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script></svg>').toString(
      'base64',
    );
    expect(await refusal('persistMedia', upload('content/images/courses/svg.png', svg), rules)).toBe(
      'svg.png: this is not the PNG picture its name says (it holds svg).',
    );
    const entry = { path: 'content/courses/aso-oke-weaving.md', raw: '---\n---\n' };
    expect(
      await refusal('persistEntry', save([entry], [{ path: 'content/images/courses/svg.webp', content: svg, encoding: 'base64' }]), rules),
    ).toBe('svg.webp: this is not the WEBP picture its name says (it holds svg).');
  });

  it('refuses an entry whose Markdown body holds raw HTML, with its line', async () => {
    expect(
      await refusal(
        'persistEntry',
        save([{ path: 'content/faculty/ada.md', raw: '---\nname: Ada\n---\n\n<script>alert(1)</script>\n' }]),
        rules,
      ),
    ).toMatch(/^content\/faculty\/ada\.md:5: raw HTML is not allowed/);
    expect(await refusal('persistEntry', { entry: { path: 'content/faculty/ada.md' }, assets: [] }, rules)).toBe(
      'content/faculty/ada.md: no text was sent.',
    );
  });
});

describe('references between entries', () => {
  const withReferences: GateRules = {
    ...rules,
    editable: [...rules.editable, 'content/pages/home.md'],
    entries: [...rules.entries, { file: 'content/pages/home.md' }],
    references: [
      {
        entry: { file: 'content/pages/home.md' },
        path: ['projects', 'cards', '[]', 'project'],
        label: 'Home page › Projects › Cards › Project',
        folder: 'content/courses',
        extension: '.md',
      },
      { entry: { folder: 'content/faculty' }, path: ['courses'], label: 'Faculty › Courses', folder: 'content/courses', extension: '.md' },
    ],
  };
  const home = (...names: string[]) =>
    `---\ntitle: Home\nprojects:\n  cards:\n${names.map((name) => `    - project: ${name}\n      href: /projects\n`).join('')}---\n`;

  it('lets through a save whose references name files that are there', async () => {
    expect(
      await refusal(
        'persistEntry',
        save([{ path: 'content/pages/home.md', raw: home('aso-oke-weaving', 'aso-oke-weaving') }]),
        withReferences,
      ),
    ).toBeUndefined();
    const faculty = '---\nname: Ada\ncourses:\n  - aso-oke-weaving\n---\n';
    expect(await refusal('persistEntry', save([{ path: 'content/faculty/ada.md', raw: faculty }]), withReferences)).toBeUndefined();
  });

  it('refuses a save naming an entry that is not there (a title typed instead of the file name), naming the field', async () => {
    expect(
      await refusal(
        'persistEntry',
        save([{ path: 'content/pages/home.md', raw: home('aso-oke-weaving', 'Youth Tailoring Programme') }]),
        withReferences,
      ),
    ).toBe(
      'Home page › Projects › Cards › Project: “Youth Tailoring Programme” is not one of the entries in content/courses/. Choose one from the list.',
    );
    const faculty = '---\nname: Ada\ncourses:\n  - aso-oke-weaving\n  - ../site\n---\n';
    expect(await refusal('persistEntry', save([{ path: 'content/faculty/ada.md', raw: faculty }]), withReferences)).toMatch(
      /^Faculty › Courses: “\.\.\/site” is not one of the entries/,
    );
  });
});
