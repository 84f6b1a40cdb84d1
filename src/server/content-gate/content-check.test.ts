// The build's content gate, on fixture files: what would run script on a student's page is refused
// with its file and line, and the content of the repository passes.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contentProblems, markdownProblems, pictureProblem, RAW_HTML, svgProblem, textProblems } from './content-check.ts';
import { formatProblem } from './content-rules.ts';

const FRONT = '---\ntitle: A project\n---\n\n';
const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#336' } })
    .png()
    .toBuffer();
const SCRIPTED_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script></svg>';

describe('Markdown in content', () => {
  it.each([
    ['a script', '<script>alert(localStorage.getItem("adire.session"))</script>'],
    ['a refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ['a frame', '<iframe src="https://evil.example"></iframe>'],
    ['an event handler', 'A picture <img src="x" onerror="alert(1)"> here.'],
    ['any tag at all', 'Some <b>bold</b> words.'],
    ['a comment', '<!-- hidden -->'],
  ])('refuses %s, naming the file and its line', async (_, html) => {
    const problems = await markdownProblems('content/projects/x.md', `${FRONT}First paragraph.\n\n${html}\n`);
    expect(problems[0]).toEqual({ file: 'content/projects/x.md', line: 7, message: RAW_HTML });
    expect(formatProblem(problems[0]!)).toMatch(/^content\/projects\/x\.md:7: raw HTML is not allowed/);
  });

  it('refuses links and pictures to script or data addresses, and takes the web, mail, phone and the site', async () => {
    const problems = await markdownProblems(
      'x.md',
      '[a](javascript:alert(1))\n\n![b](data:image/svg+xml,<svg/onload=alert(1)>)\n\n[c]: vbscript:x\n\n[d](JaVaScRiPt:alert(1))\n',
    );
    expect(problems.map(({ line }) => line).sort()).toEqual([1, 3, 5, 7]);
    expect(
      await markdownProblems(
        'x.md',
        '[a](https://x.ng) [b](/courses) [c](mailto:a@b.ng) [d](tel:+234) [e](#top) [f](../x) <https://x.ng>\n',
      ),
    ).toEqual([]);
  });

  it('refuses a script address in a link field of the front matter or a YAML file, with its line, and takes text with colons', async () => {
    const front =
      '---\ntitle: Note: a title\nlinks:\n  - label: Apply\n    href: javascript:alert(1)\nscholarship:\n  applyUrl: https://x.ng\n---\n\nBody.\n';
    expect((await textProblems('content/projects/x.md', front)).map(formatProblem)).toEqual([
      'content/projects/x.md:5: links may only be web (https://), mail (mailto:), phone (tel:) or site addresses. (href: javascript:alert(1))',
    ]);
    const site =
      'name: Adire\npromoLink:\n  label: Go\n  href: " JaVaScript:alert(1)"\nsocials:\n  - network: x\n    href: data:text/html,x\n';
    expect((await textProblems('content/site.yaml', site)).map(({ line }) => line)).toEqual([4, 7]);
    expect(await textProblems('content/site.yaml', 'promoLink:\n  href: /courses\ntagline: "Learn: sew"\n')).toEqual([]);
  });

  it('lets markup be shown as code, and a less-than sign be text', async () => {
    expect(await markdownProblems('x.md', 'Use `<b>` for bold.\n\n```html\n<script>x</script>\n```\n\n2 < 3 and 4 > 1\n')).toEqual([]);
  });
});

describe('pictures in content', () => {
  it('refuses an SVG named .png (sharp reads SVG), and takes a real PNG', async () => {
    expect(await pictureProblem('content/images/courses/svg.png', Buffer.from(SCRIPTED_SVG))).toEqual({
      file: 'content/images/courses/svg.png',
      message: 'this is not the PNG picture its name says (it holds svg).',
    });
    expect(await pictureProblem('content/images/courses/a.png', await png())).toBeUndefined();
    expect(await pictureProblem('content/images/a.jpg', Buffer.from('<html><script>x</script></html>'))).toMatchObject({
      message: /holds no picture/,
    });
    expect(await pictureProblem('content/images/a.jpg', await png())).toMatchObject({ message: /not the JPG picture/ });
    expect(await pictureProblem('content/images/a.html', Buffer.from('<p>x</p>'))).toMatchObject({ message: /JPEG, PNG, WebP or AVIF/ });
  });

  it('takes an SVG that only draws, and refuses one that can do more, with its line', () => {
    const drawing =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n<!-- a dot -->\n<defs><pattern id="p" width="2" height="2"/></defs>\n<circle cx="5" cy="5" r="4" fill="url(#p)"/>\n<text x="1" y="9">A &amp; B</text>\n</svg>\n';
    expect(svgProblem(drawing)).toBeUndefined();
    const at = (inner: string) => svgProblem(`<svg xmlns="http://www.w3.org/2000/svg">\n${inner}\n</svg>`);
    expect(at('<script>alert(1)</script>')).toEqual({ line: 2, message: 'SVG pictures may hold drawing only, not <script>.' });
    expect(at('<rect onload="alert(1)"/>')?.message).toMatch(/attribute onload/);
    expect(at('<foreignObject><p>x</p></foreignObject>')?.message).toMatch(/not <foreignObject>/);
    expect(at('<use href="https://evil.example/x.svg#a"/>')?.message).toMatch(/SVG links may only name a part/);
    expect(at('<a href="javascript:alert(1)"><rect/></a>')?.message).toMatch(/not <a>/);
    expect(at('<rect style="fill:url(https://x)"/>')?.message).toMatch(/attribute style/);
    expect(at('<rect fill="url(https://evil.example/t)"/>')?.message).toMatch(/paints may only name/);
    expect(svgProblem('<!DOCTYPE svg [<!ENTITY x "y">]><svg/>')?.message).toMatch(/not a drawing/);
    expect(at('<text>&x;</text>')?.message).toMatch(/entities/);
    expect(at('<rect/ onload=alert(1)>')?.message).toMatch(/not a drawing/);
  });
});

describe('a content folder', () => {
  it('lists every problem by file and line, and none for good content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-check-'));
    const content = join(dir, 'content');
    for (const folder of ['projects', 'images/courses', 'materials/a-course']) mkdirSync(join(content, folder), { recursive: true });
    writeFileSync(join(content, 'projects', 'good.md'), `${FRONT}Plain words, **bold** and [a link](https://x.ng).\n`);
    writeFileSync(join(content, 'projects', 'bad.md'), `${FRONT}Words.\n\n<script>alert(1)</script>\n`);
    writeFileSync(join(content, 'site.yaml'), 'name: <b>x</b>\n');
    writeFileSync(join(content, 'images', 'courses', 'real.png'), await png());
    writeFileSync(join(content, 'images', 'courses', 'svg.png'), SCRIPTED_SVG);
    writeFileSync(join(content, 'materials', 'a-course', 'm1.pdf'), '%PDF-1.4');
    writeFileSync(join(content, 'materials', 'a-course', 'm1.poster.png'), SCRIPTED_SVG);
    expect((await contentProblems(content, dir)).map(formatProblem)).toEqual([
      'content/images/courses/svg.png: this is not the PNG picture its name says (it holds svg).',
      'content/materials/a-course/m1.poster.png: this is not the PNG picture its name says (it holds svg).',
      `content/projects/bad.md:7: ${RAW_HTML}`,
    ]);
  });

  it("passes the repository's own content", async () => {
    expect((await contentProblems('content')).map(formatProblem)).toEqual([]);
  });
});
