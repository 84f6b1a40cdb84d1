// The public catalogue: list, search and paging, a course's details, related courses, the answers'
// shapes and caching, and the catalogue sync that never loses what enrolments point at.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiApp } from '#server/app.ts';
import { createSiteHandler } from '#server/site-server.ts';
import type { StaticSite } from '#server/static-site.ts';
import { courses, enrolments, students } from '#server/db/schema.ts';
import { seedCatalogue, testCatalogue } from './support/catalogue.ts';
import { signUpStudent } from './support/factories.ts';
import { buildTestApp, readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();
const get = (path: string, headers: Record<string, string> = {}) => send(t.app, path, undefined, { method: 'GET', headers });

interface Card {
  course_id: string;
  course_image: string;
  title: string;
  description: string;
  duration: string;
  price: string;
  tutors: { name: string; image: string }[];
}
interface CardPage {
  courses?: Card[];
  relatedCourses?: Card[];
  total_pages: number;
  total_count: number;
}
const data = async <T>(response: Response) => (await readJson(response)).data as T;

describe('the catalogue', () => {
  it('lists courses in catalogue order, 10 a page, with totals and prices as decimal naira', async () => {
    await seedCatalogue(t.db);
    const first = await get('user/courses');
    expect(first.status).toBe(200);
    const page1 = await data<CardPage>(first);
    expect(page1.total_count).toBe(14);
    expect(page1.total_pages).toBe(2);
    expect(page1.courses!.map((card) => card.course_id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `course-${String(i + 1).padStart(2, '0')}`),
    );
    expect(page1.courses![0]).toEqual({
      course_id: 'course-01',
      course_image: 'http://localhost/_astro/course-1.svg',
      title: 'Course number 1',
      description: 'The description of course 1.',
      duration: '3 months',
      price: '60000.00',
      tutors: [
        { name: 'Ada Obi', image: 'http://localhost/_astro/ada-obi.svg' },
        { name: 'Tunde Bello', image: 'http://localhost/_astro/tunde-bello.svg' },
        { name: 'Ngozi Eze', image: 'http://localhost/_astro/ngozi-eze.svg' },
      ],
    });
    const page2 = await data<CardPage>(await get('user/courses?page=2&per_page=10'));
    expect(page2.courses!.map((card) => card.course_id)).toEqual(['course-11', 'course-12', 'course-13', 'course-14']);
    const beyond = await data<CardPage>(await get('user/courses?page=9'));
    expect(beyond).toEqual({ courses: [], total_pages: 2, total_count: 14 });
  });

  it('searches title, description and outline, every word, in any letter case', async () => {
    await seedCatalogue(t.db);
    const indigo = await data<CardPage>(await get('user/courses?search=%20INDIGO%20'));
    expect(indigo.courses!.map((card) => card.course_id)).toEqual(['course-03']);
    const outline = await data<CardPage>(await get('user/courses?search=pattern%20drafting'));
    expect(outline.courses!.map((card) => card.course_id)).toEqual(['course-05']);
    expect(await data<CardPage>(await get('user/courses?search=velvet'))).toEqual({ courses: [], total_pages: 0, total_count: 0 });
  });

  it('refuses paging outside 1 to 50 with a field message', async () => {
    await seedCatalogue(t.db);
    for (const query of ['per_page=0', 'per_page=51', 'per_page=abc', 'page=0', 'page=-1', 'page=1.5']) {
      const answer = await get(`user/courses?${query}`);
      expect(answer.status, query).toBe(400);
      const field = query.split('=')[0]!;
      expect((await readJson(answer)).errors, query).toEqual({
        [field]: [`${field} must be a whole number from 1 to ${field === 'page' ? 100000 : 50}`],
      });
    }
    expect((await get('user/courses?per_page=50')).status).toBe(200);
  });

  it('gives a course its details and tutors, and 404 for an unknown id', async () => {
    await seedCatalogue(t.db);
    const answer = await get('user/courses/course-01');
    expect(answer.status).toBe(200);
    const details = await data<{ courseDetails: Record<string, unknown>; courseTutors: Record<string, unknown>[] }>(answer);
    expect(details.courseDetails).toEqual({
      id: 'course-01',
      image_url: 'http://localhost/_astro/course-1.svg',
      title: 'Course number 1',
      description: 'The description of course 1.',
      summary: ['Outline one of 1', 'Outline two', 'Outline three', 'Outline four'],
      duration: '3 months',
      study_mode: 'Physical',
      price: '60000.00',
    });
    expect(details.courseTutors[0]).toEqual({
      id: 'ada-obi',
      full_name: 'Ada Obi',
      tutor_biography: 'Biography of ada-obi.',
      tutor_position_held: 'Tutor 1',
      image_url: 'http://localhost/_astro/ada-obi.svg',
    });
    expect(details.courseTutors).toHaveLength(3);
    const unknown = await get('user/courses/no-such-course');
    expect(unknown.status).toBe(404);
    expect(await readJson(unknown)).toEqual({ message: 'Course not found' });
  });

  it('relates every other course, those sharing a tutor first, never the course itself, in pages', async () => {
    await seedCatalogue(t.db);
    const page1 = await data<CardPage>(await get('user/courses/course-01/related-courses'));
    expect(page1.total_count).toBe(13);
    expect(page1.total_pages).toBe(2);
    const ids = page1.relatedCourses!.map((card) => card.course_id);
    expect(ids).not.toContain('course-01');
    // Courses sharing Ada Obi, Tunde Bello or Ngozi Eze with course 1 come first.
    const sharing = testCatalogue().courses.filter(
      (c) => c.id !== 'course-01' && c.tutors.some((id) => ['ada-obi', 'tunde-bello', 'ngozi-eze'].includes(id)),
    );
    expect(ids.slice(0, sharing.length)).toEqual(sharing.map((c) => c.id).slice(0, 10));
    const page2 = await data<CardPage>(await get('user/courses/course-01/related-courses?page=2&per_page=10'));
    expect(page2.relatedCourses).toHaveLength(3);
    expect(new Set([...ids, ...page2.relatedCourses!.map((card) => card.course_id)]).size).toBe(13);
    expect((await get('user/courses/nope/related-courses')).status).toBe(404);
    expect((await get('user/courses/course-01/related-courses?per_page=51')).status).toBe(400);
  });

  it('answers with an ETag and a short public cache, and 304 to a client that holds the answer', async () => {
    await seedCatalogue(t.db);
    const { app } = buildTestApp(t.db, { env: { PUBLIC_SITE_URL: 'https://adireacademy.ng' } });
    const getHere = (path: string, headers: Record<string, string> = {}) => send(app, path, undefined, { method: 'GET', headers });
    const first = await getHere('user/courses/course-02');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    const again = await getHere('user/courses/course-02', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await getHere('user/courses/course-03', { 'if-none-match': etag! });
    expect(other.status).toBe(200);
  });

  it('sends an answer made once again byte for byte, and a new tag once the catalogue changes', async () => {
    const catalogue = await seedCatalogue(t.db);
    const first = await get('user/courses/course-02');
    const etag = first.headers.get('etag')!;
    const text = await first.text();
    const again = await get('user/courses/course-02');
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(text);
    expect((await get('user/courses/course-02', { 'if-none-match': `W/${etag}` })).status).toBe(304);

    const changed = structuredClone(catalogue);
    changed.courses[1]!.price_kobo = 77_700_00;
    await seedCatalogue(t.db, changed);
    // A server reads the catalogue when it starts: a new app is the next start.
    const restarted = buildTestApp(t.db).app;
    const after = await send(restarted, 'user/courses/course-02', undefined, { method: 'GET', headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(((await readJson(after)).data as { courseDetails: { price: string } }).courseDetails.price).toBe('77700.00');
  });

  it('never sends an answer made for one origin to a request on another', async () => {
    await seedCatalogue(t.db);
    for (const path of ['user/courses/course-01', 'user/courses/course-01/related-courses', 'user/courses?search=indigo']) {
      const here = await readJson(await t.app.request(`http://localhost/api/v1/${path}`));
      const there = await readJson(await t.app.request(`http://other.example/api/v1/${path}`));
      expect(JSON.stringify(here), path).toContain('http://localhost/_astro/');
      expect(JSON.stringify(there), path).toContain('http://other.example/_astro/');
      expect(JSON.stringify(there), path).not.toContain('http://localhost/');
    }
  });

  it('without PUBLIC_SITE_URL, whose links follow the Host header, lets no shared cache keep an answer', async () => {
    await seedCatalogue(t.db);
    for (const path of ['user/courses/course-01', 'user/courses/course-01/related-courses', 'user/courses?search=indigo']) {
      const answer = await t.app.request(`http://evil.example/api/v1/${path}`);
      expect(JSON.stringify(await readJson(answer)), path).toContain('http://evil.example/_astro/');
      expect(answer.headers.get('cache-control'), path).toBe('private, max-age=60, stale-while-revalidate=300');
    }
    // With it, every Host gets the site's links, and the answer may be shared.
    const { app } = buildTestApp(t.db, { env: { PUBLIC_SITE_URL: 'https://adireacademy.ng' } });
    const answer = await app.request('http://evil.example/api/v1/user/courses?per_page=1');
    expect(JSON.stringify(await readJson(answer))).toContain('"https://adireacademy.ng/_astro/');
    expect(JSON.stringify(await readJson(await app.request('http://evil.example/api/v1/user/courses?per_page=1')))).not.toContain(
      'evil.example',
    );
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
  });
});

describe("a course answer's headers", () => {
  const noPages: StaticSite = { size: 0, respond: () => null, notFound: () => new Response('Not found', { status: 404 }) };
  /** An answer's headers as the server sends them (request id and security headers added), the request id aside. */
  const sent = async (app: ApiApp, path: string, headers: Record<string, string> = {}) => {
    const response = await createSiteHandler(app, noPages)(new Request(`http://localhost/api/v1/${path}`, { headers }));
    const all = Object.fromEntries(response.headers);
    expect(all['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    delete all['x-request-id'];
    return { status: response.status, headers: all };
  };
  // What the server sent before its course answers were made whole at once (issue 18), header for header.
  const SECURITY = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const CACHING = { 'cache-control': 'public, max-age=60, stale-while-revalidate=300', vary: 'Accept-Encoding' };

  it('are the ones the server sent before: security headers, request id, caching, type; 304 the same without a type', async () => {
    await seedCatalogue(t.db);
    const { app } = buildTestApp(t.db, { env: { PUBLIC_SITE_URL: 'https://adireacademy.ng' } });
    for (const path of ['user/courses/course-01', 'user/courses/course-01/related-courses', 'user/courses?search=indigo']) {
      const ok = await sent(app, path);
      expect(ok.status, path).toBe(200);
      const etag = ok.headers.etag!;
      expect(ok.headers, path).toEqual({ ...SECURITY, ...CACHING, etag, 'content-type': 'application/json; charset=UTF-8' });
      expect(await sent(app, path, { 'if-none-match': etag }), path).toEqual({ status: 304, headers: { ...SECURITY, ...CACHING, etag } });
    }
    // The same security headers as an answer made the usual way.
    const health = await sent(t.app, 'health');
    expect(health.headers).toEqual({ ...SECURITY, 'content-type': 'application/json' });
  });

  it('take CORS as any answer does when CORS_ORIGINS opens the API', async () => {
    await seedCatalogue(t.db);
    const { app } = buildTestApp(t.db, { env: { CORS_ORIGINS: 'https://partner.example' } });
    const partner = await sent(app, 'user/courses/course-01', { origin: 'https://partner.example' });
    expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(partner.headers['access-control-expose-headers']).toBe('Retry-After, x-request-id');
    expect(partner.headers.vary).toBe('Accept-Encoding, Origin');
    expect(partner.headers).toMatchObject(SECURITY);
    const other = await sent(app, 'user/courses/course-01', { origin: 'https://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toBe('Accept-Encoding, Origin');
  });
});

describe('the catalogue sync', () => {
  it('updates what changed, retires what left content/, and keeps every enrolment', async () => {
    const catalogue = await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    await t.db.insert(enrolments).values({ studentId: student.id, courseId: 'course-14', enrolledAt: new Date() });

    const changed = structuredClone(catalogue);
    changed.courses = changed.courses.filter((course) => course.id !== 'course-14');
    changed.courses[0]!.price_kobo = 99_900_00;
    await seedCatalogue(t.db, changed);
    // Twice is the same as once.
    await seedCatalogue(t.db, changed);

    const [retired] = await t.db.select().from(courses).where(eq(courses.id, 'course-14'));
    expect(retired!.retiredAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(enrolments).where(eq(enrolments.studentId, student.id))).toHaveLength(1);
    expect((await t.db.select().from(students)).length).toBe(1);

    // A fresh app reads the new catalogue: the retired course is gone from it, the new price is there.
    const list = await data<CardPage>(await get('user/courses?per_page=50'));
    expect(list.total_count).toBe(13);
    expect(list.courses![0]!.price).toBe('99900.00');
    expect((await get('user/courses/course-14')).status).toBe(404);

    // Back in content/: back in the catalogue.
    await seedCatalogue(t.db, catalogue);
    const [back] = await t.db.select().from(courses).where(eq(courses.id, 'course-14'));
    expect(back!.retiredAt).toBeNull();
  });
});
