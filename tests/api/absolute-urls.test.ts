// Every URL an answer hands out is absolute (docs/product.md, API conventions), so a client never
// resolves a path against a guess of where the API lives. What the API process serves (material
// files, upload URLs) is on PUBLIC_API_URL, else PUBLIC_SITE_URL; pages and the build's pictures on
// PUBLIC_SITE_URL; without either, everything is on the origin the request came to.
import { describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { buildTestApp, get, readJson, send, useTestApp, type TestApp } from './support/test-app.ts';

const t = useTestApp();

/** Every string under a key that names a link, anywhere in the answer. */
function linksIn(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return /(^|_)(url|image)$/.test(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => linksIn(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, inner]) => linksIn(inner, name));
  return [];
}

/** The links of the answers a student's journey meets: catalogue, course, checkout, test payment, my courses, materials, upload. */
async function journeyLinks(app: TestApp['app'], token: string): Promise<string[]> {
  const answers: unknown[] = [];
  const keep = async (response: Response) => answers.push(await readJson(response));
  await keep(await get(app, 'user/courses?per_page=3'));
  await keep(await get(app, 'user/courses/course-01'));
  await keep(await get(app, 'user/courses/course-01/related-courses'));
  const checkout = await send(app, 'user/courses/course-03/checkout', undefined, { token });
  const { reference } = ((await readJson(checkout.clone())) as { data: { reference: string } }).data;
  await keep(checkout);
  await keep(await send(app, `user/test-payments/${reference}`, { outcome: 'decline' }, { token }));
  await keep(await get(app, 'user/student/courses', { token }));
  await keep(await get(app, 'user/student/courses/course-02', { token }));
  await keep(
    await send(
      app,
      'user/initiate-upload',
      { file_name: 'me.png', mime_type: 'image/png', file_size: 1000, file_type: 'user_image' },
      { token },
    ),
  );
  return answers.flatMap((answer, index) => linksIn(answer).map((link) => (link.startsWith('/') ? `answer ${index}: ${link}` : link)));
}

describe('links in answers', () => {
  it('are absolute on the origin the request came to when no public URL is set', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    await enrolStudent(t, student.token);
    const links = await journeyLinks(t.app, student.token);
    // course_image, tutors' images, the course picture, authorization_url, callback_url, image_url, material urls, file_url
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(link, link).toMatch(/^http:\/\/localhost\//);
  });

  it.each([
    [{ PUBLIC_SITE_URL: 'https://adireacademy.ng' }, 'https://adireacademy.ng', 'https://adireacademy.ng'],
    [
      { PUBLIC_SITE_URL: 'https://adireacademy.ng', PUBLIC_API_URL: 'https://api.adireacademy.ng/' },
      'https://adireacademy.ng',
      'https://api.adireacademy.ng',
    ],
  ])('are on the configured origins (%o), whatever Host the request names', async (env, site, api) => {
    await seedCatalogue(t.db);
    const { app, mailer } = buildTestApp(t.db, { env: { ...env, PAYMENTS_TEST_MODE: '1' } });
    const student = await signUpStudent({ ...t, app, mailer });
    await enrolStudent({ ...t, app }, student.token);
    const links = await journeyLinks(app, student.token);
    expect(links.length).toBeGreaterThan(10);
    // The API process serves what is under /api/ (materials, upload URLs) and /media/ (stored pictures);
    // the rest (course and tutor pictures, the test payment page, the checkout) is the site's.
    const servedByApi = (link: string) => /^\/(api|media)\//.test(new URL(link).pathname);
    for (const link of links) expect(new URL(link).origin, link).toBe(servedByApi(link) ? api : site);
    expect(links.filter(servedByApi).length).toBeGreaterThan(2);
  });

  it('PUBLIC_API_URL must be an absolute URL, and comes with PUBLIC_SITE_URL; only its origin counts', () => {
    expect(() => readEnv({ PUBLIC_API_URL: '/api' })).toThrow('Invalid setting PUBLIC_API_URL="/api"');
    expect(() => readEnv({ PUBLIC_API_URL: 'https://api.example.ng' })).toThrow('PUBLIC_SITE_URL is needed too');
    const env = readEnv({ PUBLIC_API_URL: 'https://api.example.ng/v1/', PUBLIC_SITE_URL: 'https://example.ng/' });
    expect([env.API_ORIGIN, env.SITE_ORIGIN]).toEqual(['https://api.example.ng', 'https://example.ng']);
    expect(readEnv({ PUBLIC_SITE_URL: 'https://example.ng/' }).API_ORIGIN).toBe('https://example.ng');
    expect([readEnv({}).API_ORIGIN, readEnv({}).SITE_ORIGIN]).toEqual([undefined, undefined]);
  });
});
