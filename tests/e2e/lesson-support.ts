// A real video lesson for the player's end-to-end tests: a short test-pattern video made by ffmpeg
// (720 lines, so it gets all three renditions) with WebVTT captions, uploaded over tus by a staff
// member as the console does, and waited for until the server's worker has transcoded it.
import type { APIRequestContext } from '@playwright/test';
import { testVideo } from '../support/test-video.ts';
import { expect, type Api } from './fixtures.ts';
import { invitedMember } from './staff-support.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** A material as GET user/student/courses/{id} gives a video lesson. */
export interface LessonMaterial {
  id: string;
  title: string;
  url: string;
  /** A lesson's (a material of the catalogue has none: read with ?.). */
  renditions: { height: number; url: string; size: number }[];
  poster_size: number | null;
  captions_url?: string;
}

export const CAPTION_TEXT = 'Pin the dart from the point.';
const CAPTIONS = `WEBVTT\n\n00:00.000 --> 00:30.000\n${CAPTION_TEXT}\n`;

/** tus creation and one PATCH with the whole file: the upload's Location. */
async function upload(request: APIRequestContext, token: string, bytes: Buffer, filename: string, filetype: string) {
  const authorization = `Bearer ${token}`;
  const created = await request.post('/api/v1/staff/uploads', {
    headers: { ...TUS, authorization, 'upload-length': String(bytes.length), 'upload-metadata': metadata({ filename, filetype }) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers()['location']!;
  const patched = await request.patch(location, {
    headers: { ...TUS, authorization, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: bytes,
  });
  expect(patched.status(), await patched.text()).toBe(204);
  return location;
}

/**
 * Adds a video lesson with captions to `course` as a staff member, and waits until it is ready
 * (transcoding 12 s of video takes 10-60 s on a busy machine). Its id.
 */
export async function readyVideoLesson(api: Api, request: APIRequestContext, dir: string, course: string, title: string): Promise<string> {
  const member = await invitedMember(api, `lessons-${Date.now()}@adireacademy.test`, 'staff');
  const video = await upload(request, member.token, await testVideo(dir, 12, 720, 25), 'lesson.mp4', 'video/mp4');
  const captions = await upload(request, member.token, Buffer.from(CAPTIONS), 'lesson.vtt', 'text/vtt');
  const headers = { authorization: `Bearer ${member.token}` };
  const made = await request.post(`/api/v1/staff/courses/${course}/lessons`, {
    headers,
    data: { title, kind: 'video', upload: video, captions_upload: captions },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: string } }).data;
  await expect
    .poll(
      async () => {
        const listed = await request.get(`/api/v1/staff/courses/${course}/lessons`, { headers });
        const { lessons } = ((await listed.json()) as { data: { lessons: { id: string; status: string; reason?: string }[] } }).data;
        const lesson = lessons.find((l) => l.id === id);
        return lesson?.status === 'failed' ? `failed: ${lesson.reason}` : lesson?.status;
      },
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe('ready');
  return id;
}

/** The course's materials as the enrolled student's course page gets them. */
export async function courseMaterials(request: APIRequestContext, token: string, course: string): Promise<LessonMaterial[]> {
  const answer = await request.get(`/api/v1/user/student/courses/${course}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { materials: LessonMaterial[] } }).data.materials;
}

/** The lesson as the enrolled student's course page gets it. */
export const lessonForStudent = async (request: APIRequestContext, token: string, course: string, id: string) =>
  (await courseMaterials(request, token, course)).find((m) => m.id === id)!;

/** Makes the page see this connection in navigator.connection (the Network Information API), before its scripts run. */
export const connectionScript = (connection: { saveData?: boolean; effectiveType?: string; downlink?: number } | null) =>
  `Object.defineProperty(navigator, 'connection', { configurable: true, get: () => (${JSON.stringify(connection)}) ?? undefined });`;
