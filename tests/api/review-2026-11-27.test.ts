// Findings of the review of 2026-11-27 (lessons, publishing, scholarships), each a call a careless or
// hostile client makes: kept as tests so the fixes hold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LessonSchema } from '#features/lessons/schemas.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { startUpload, TINY_PDF, uploadFile } from './support/lessons.ts';
import { readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'afa-review-'));
const t = useTestApp({ startAt: '2026-11-27T09:00:00Z', env: { DATA_DIR: dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a lesson whose captions are refused', () => {
  it('leaves the lesson file an upload, so the lesson can be added again without sending it again', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const upload = await uploadFile(t.app, token, TINY_PDF, 'notes.pdf', 'application/pdf');
    const lessons = 'staff/courses/course-02/lessons';
    // Captions named by mistake: the file itself, an unfinished upload, an address that is no upload.
    const unfinished = await startUpload(t.app, token, 100, 'lesson.vtt', 'text/vtt');
    for (const captions_upload of [upload, unfinished, upload.replace(/[0-9a-f]{32}$/, '0'.repeat(32))]) {
      const refused = await send(t.app, lessons, { title: 'Seams', kind: 'pdf', upload, captions_upload }, { token });
      expect(refused.status).toBe(400);
    }
    const added = await readData(await send(t.app, lessons, { title: 'Seams', kind: 'pdf', upload }, { token }), LessonSchema, 201);
    expect(added).toMatchObject({ title: 'Seams', status: 'ready' });
  });
});
