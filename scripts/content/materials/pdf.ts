// A lesson handout as a PDF: the words as an HTML page in the college's print style, printed by
// headless Chromium (Playwright) to A4 with a footer on every page, its dates fixed so a re-run
// makes the same bytes.
import { writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import type { Course, Handout, Material, Sheet } from './lessons.ts';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A row of adire tiles; squares, because Chromium writes every circle out as a long run of curves. */
const ADIRE_ROW = `<svg class="adire" viewBox="0 0 360 20" width="360" height="20" aria-hidden="true">${Array.from(
  { length: 15 },
  (_, i) =>
    `<rect x="${2 + i * 24}" y="2" width="16" height="16" fill="none" stroke="${i % 3 === 1 ? '#b45309' : '#1d4ed8'}" stroke-width="2"/><rect x="${7 + i * 24}" y="7" width="6" height="6" fill="#1e1b4b"/>`,
).join('')}</svg>`;

const CSS = `
@page { size: A4; margin: 16mm 18mm 20mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; line-height: 1.55; color: #1e1b4b; }
.adire { display: block; margin-bottom: 10pt; }
.eyebrow { font-size: 8pt; letter-spacing: .08em; text-transform: uppercase; color: #b45309; margin: 0; }
h1 { font-family: 'DejaVu Serif', serif; font-size: 20pt; line-height: 1.2; margin: 4pt 0 2pt; color: #1e1b4b; }
.meta { font-size: 8.5pt; color: #312e81; margin: 0 0 12pt; padding-bottom: 8pt; border-bottom: 2pt solid #b45309; }
.lead { font-size: 11pt; color: #312e81; }
h2 { font-family: 'DejaVu Serif', serif; font-size: 12.5pt; margin: 14pt 0 4pt; }
p { margin: 0 0 8pt; }
ul, ol { margin: 0 0 10pt; padding-left: 18pt; }
li { margin-bottom: 3pt; }
.task { margin-top: 14pt; padding: 8pt 12pt; border-left: 4pt solid #b45309; background: #fdf6ec; }
.task strong { display: block; color: #b45309; }
.sheet { break-before: page; }
.sheet h2 { margin-top: 0; font-size: 15pt; }
table { width: 100%; border-collapse: collapse; margin-top: 8pt; font-size: 9.5pt; }
th { text-align: left; background: #312e81; color: #fdf6ec; padding: 5pt 6pt; font-weight: bold; }
th:first-child { width: 30%; }
td { border: 0.75pt solid #a5a3c8; padding: 0 6pt; height: 26pt; vertical-align: middle; }
.line { border-bottom: 0.75pt solid #a5a3c8; height: 28pt; }
`;

function sheetHtml(sheet: Sheet): string {
  const note = sheet.note ? `<p>${escapeHtml(sheet.note)}</p>` : '';
  if ('lines' in sheet)
    return `<section class="sheet"><h2>${escapeHtml(sheet.heading)}</h2>${note}${'<div class="line"></div>'.repeat(sheet.lines)}</section>`;
  const head = sheet.head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('');
  const rows = sheet.rows.map((row) => `<tr>${sheet.head.map((_, i) => `<td>${escapeHtml(row[i] ?? '')}</td>`).join('')}</tr>`).join('');
  return `<section class="sheet"><h2>${escapeHtml(sheet.heading)}</h2>${note}<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
}

function handoutHtml(course: Course, material: Material, index: number, handout: Handout): string {
  const list = handout.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  const listTag = handout.ordered ? 'ol' : 'ul';
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(material.title)} | ${escapeHtml(course.title)}</title><style>${CSS}</style></head><body>
<main>${ADIRE_ROW}
<p class="eyebrow">Adire Fashion Academy · Lesson handout</p>
<h1>${escapeHtml(material.title)}</h1>
<p class="meta">${escapeHtml(course.title)} · Material ${index + 1} of ${course.materials.length}</p>
<p class="lead">${escapeHtml(handout.lead)}</p>
${handout.body.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<h2>${escapeHtml(handout.listTitle)}</h2>
<${listTag}>${list}</${listTag}>
${handout.task ? `<div class="task"><strong>Practice task</strong>${escapeHtml(handout.task)}</div>` : ''}
${(handout.sheets ?? []).map(sheetHtml).join('\n')}
</main></body></html>`;
}

const footer = (course: Course) =>
  `<div style="width:100%;font-family:'DejaVu Sans',sans-serif;font-size:7pt;color:#312e81;padding:0 18mm;display:flex;justify-content:space-between"><span>Adire Fashion Academy · ${escapeHtml(course.title)} · For enrolled students only</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;

export const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;

/** Chromium stamps the time into the PDF; a fixed date keeps re-runs byte-identical (same length, so offsets hold). */
const fixDates = (pdf: Buffer) => Buffer.from(pdf.toString('latin1').replace(/D:\d{14}/g, 'D:20250101000000'), 'latin1');

export async function makePdf(browser: Browser, course: Course, material: Material, index: number, handout: Handout, out: string) {
  const page = await browser.newPage();
  try {
    await page.setContent(handoutHtml(course, material, index, handout), { waitUntil: 'load' });
    const pdf = await page.pdf({
      format: 'A4',
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: footer(course),
      tagged: true,
    });
    writeFileSync(out, fixDates(pdf));
  } finally {
    await page.close();
  }
}
