// The rules the local editor's gate and the build both hold content to: a picture's folder, size
// and dimensions, a course's paid materials, a field naming another entry. Each names the file, and
// the line where there is one.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  courseMaterialsProblem,
  formatProblem,
  pictureBytesProblem,
  pictureDimensionsProblem,
  pictureFolderProblem,
  referenceProblems,
  uploadFormatProblem,
  type ContentRules,
} from './content-rules.ts';

const rules: ContentRules = {
  pictures: ['content/images', 'content/images/courses'],
  references: [
    {
      entry: { file: 'content/pages/home.md' },
      path: ['projects', 'cards', '[]', 'project'],
      label: 'Home page › Projects › Cards › Project',
      folder: 'content/projects',
      extension: '.md',
    },
    { entry: { folder: 'content/courses' }, path: ['tutors'], label: 'Courses › Tutors', folder: 'content/tutors', extension: '.md' },
  ],
};
const there =
  (...paths: string[]) =>
  (path: string) =>
    Promise.resolve(paths.includes(path));
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336' } })
    .png()
    .toBuffer();

describe('pictures', () => {
  it("are only in the folders of the editor's picture fields", () => {
    expect(pictureFolderProblem('content/images/courses/a.png', rules)).toBeUndefined();
    expect(formatProblem(pictureFolderProblem('content/images/uploads/a.png', rules)!)).toBe(
      "content/images/uploads/a.png: pictures go only in the folders of the editor's picture fields (content/images, content/images/courses).",
    );
    expect(pictureFolderProblem('content/courses/a.png', rules)).toBeDefined();
  });

  it('are photos when staff upload them, at most 2 MB', () => {
    expect(uploadFormatProblem('a.webp')).toBeUndefined();
    expect(uploadFormatProblem('a.svg')?.message).toBe('pictures must be JPEG, PNG, WebP or AVIF files.');
    expect(pictureBytesProblem('a.png', new Uint8Array(2 * 1024 * 1024))).toBeUndefined();
    expect(pictureBytesProblem('a.png', new Uint8Array(2.5 * 1024 * 1024))?.message).toBe(
      'this picture is 2.5 MB: pictures may be at most 2 MB.',
    );
  });

  it('are at least 320 px wide and at most 4000 px on either side; drawings are not measured', async () => {
    expect(await pictureDimensionsProblem('a.png', await png(800, 600))).toBeUndefined();
    expect((await pictureDimensionsProblem('a.png', await png(200, 200)))?.message).toBe(
      'this picture is 200 px wide: pictures must be at least 320 px wide.',
    );
    expect((await pictureDimensionsProblem('a.png', await png(4200, 300)))?.message).toBe(
      'this picture is 4200 × 300 px: pictures may be at most 4000 px on either side.',
    );
    expect(await pictureDimensionsProblem('a.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10"/>'))).toBeUndefined();
  });
});

describe('references', () => {
  const home = (...names: string[]) =>
    `---\ntitle: Home\nprojects:\n  cards:\n${names.map((name) => `    - project: ${name}\n      href: /projects\n`).join('')}---\n\nBody.\n`;

  it('name entries that are there', async () => {
    const exists = there('content/projects/ishk.md', 'content/tutors/ada.md');
    expect(await referenceProblems('content/pages/home.md', home('ishk', 'ishk'), rules, exists)).toEqual([]);
    expect(await referenceProblems('content/courses/x.md', '---\ntutors:\n  - ada\n---\n', rules, exists)).toEqual([]);
    // Files no reference is about are not read.
    expect(await referenceProblems('content/site.yaml', 'name: [unclosed', rules, exists)).toEqual([]);
  });

  it('refuse a name that is not an entry (a title typed for a file name, a path), with the field and its line', async () => {
    const exists = there('content/projects/ishk.md', 'content/tutors/ada.md');
    const problems = await referenceProblems('content/pages/home.md', home('ishk', 'Youth Tailoring Programme'), rules, exists);
    expect(problems.map(formatProblem)).toEqual([
      'content/pages/home.md:7: Home page › Projects › Cards › Project: “Youth Tailoring Programme” is not one of the entries in content/projects/. Choose one from the list.',
    ]);
    const course = '---\ntitle: A course\ntutors:\n  - ada\n  - ../site\n  - ada/x\n---\n';
    expect((await referenceProblems('content/courses/x.md', course, rules, there('content/tutors/ada.md'))).map(formatProblem)).toEqual([
      'content/courses/x.md:5: Courses › Tutors: “../site” is not one of the entries in content/tutors/. Choose one from the list.',
      'content/courses/x.md:6: Courses › Tutors: “ada/x” is not one of the entries in content/tutors/. Choose one from the list.',
    ]);
    expect(await referenceProblems('content/pages/home.md', '---\nprojects: [\n---\n', rules, exists)).toEqual([
      { file: 'content/pages/home.md', message: 'this file could not be read.' },
    ]);
  });
});

describe("a course's paid materials", () => {
  const course =
    '---\ntitle: Weaving\nmaterials:\n  - id: m1\n    kind: video\n    file: m1.mp4\n  - id: m2\n    kind: pdf\n    file: m2.pdf\n---\n';
  const all = ['content/lessons/weaving.yaml', 'content/materials/weaving/m1.mp4', 'content/materials/weaving/m2.pdf'];

  it('are there with their words: the course may be built', async () => {
    expect(await courseMaterialsProblem('content/courses/weaving.md', course, there(...all))).toBeUndefined();
    // Only courses have materials.
    expect(await courseMaterialsProblem('content/projects/weaving.md', course, there())).toBeUndefined();
  });

  it('listed but missing (a file name changed, a course file copied with its list) stop it, naming each file', async () => {
    expect(formatProblem((await courseMaterialsProblem('content/courses/weaving.md', course, there()))!)).toBe(
      'content/courses/weaving.md: the materials this course lists are files a developer makes first, and content/lessons/weaving.yaml, ' +
        'content/materials/weaving/m1.mp4, content/materials/weaving/m2.pdf are not there. ' +
        'A new course lists none: its lessons are added in the staff console.',
    );
    expect((await courseMaterialsProblem('content/courses/weaving.md', course, there(...all.slice(0, 2))))?.message).toMatch(
      /and content\/materials\/weaving\/m2\.pdf is not there/,
    );
  });

  it('not listed (a new course made in the editor) let it be built: its lessons come from the staff console', async () => {
    for (const text of ['---\ntitle: Weaving\n---\n', '---\ntitle: Weaving\nmaterials: []\n---\n'])
      expect(await courseMaterialsProblem('content/courses/weaving.md', text, there())).toBeUndefined();
  });
});
