// The catalogue's answers kept and sent again before the router (src/server/http/front-answers.ts),
// through the server's own composition (the site handler behind withFrontAnswers, as main.ts has it):
// what a client receives from a kept answer is what the route sends, and nothing is kept that the
// route would answer differently.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { readEnv } from '#server/env.ts';
import { createFrontAnswers, withFrontAnswers, type FrontAnswers } from '#server/http/front-answers.ts';
import { createMetrics } from '#server/metrics.ts';
import { createSiteHandler } from '#server/site-server.ts';
import type { StaticSite } from '#server/static-site.ts';
import { seedCatalogue, testCatalogue } from './support/catalogue.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

const noPages: StaticSite = { size: 0, respond: () => null, notFound: () => new Response('Not found', { status: 404 }) };
const PATHS = ['user/courses/course-02', 'user/courses/course-02/related-courses?per_page=3', 'user/courses?search=indigo&page=1'];

describe('answers kept before the router', () => {
  let database: TestDatabase;
  let build: string;
  beforeEach(async () => {
    database = await createTestDatabase();
    build = 'build-a';
    await seedCatalogue(database.db, testCatalogue(), new Date(), build);
  });
  afterEach(() => database.close());

  /** The server as main.ts composes it; `kept` tells which answers came from the kept ones. */
  const setUp = (env: Record<string, string> = {}) => {
    const metrics = createMetrics({ db: database.db, mailPending: () => 0 });
    const front = createFrontAnswers({ servedBuild: () => build, record: metrics.record });
    const kept: string[] = [];
    const watched: FrontAnswers = {
      keep: front.keep,
      answer(request) {
        const answer = front.answer(request);
        if (answer) kept.push(new URL(request.url).pathname + new URL(request.url).search);
        return answer;
      },
    };
    const api = createApp(
      {
        db: database.db,
        mailer: { send: async () => {}, close: () => {} },
        env: readEnv({ DATA_DIR: '/nonexistent-test-data', ...env }),
        log: { info: () => {}, error: () => {} },
        servedBuild: () => build,
        frontAnswers: watched,
      },
      { observe: metrics.middleware },
    );
    const handle = withFrontAnswers(watched, createSiteHandler(api, noPages));
    const get = async (path: string, headers: Record<string, string> = {}, method = 'GET', origin = 'http://localhost') => {
      const response = await handle(new Request(`${origin}/api/v1/${path}`, { method, headers }), undefined);
      const all = Object.fromEntries(response.headers);
      const requestId = all['x-request-id'];
      delete all['x-request-id'];
      return { status: response.status, headers: all, requestId, text: await response.text() };
    };
    return { get, kept, metrics };
  };

  it("send the route's answer again, header for header and byte for byte, with a request id of their own; 304 to a client holding its tag", async () => {
    const { get, kept } = setUp();
    for (const path of PATHS) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      const again = await get(path);
      expect(kept, path).toContain(`/api/v1/${path}`);
      expect(again.headers, path).toEqual(first.headers);
      expect(again.text, path).toBe(first.text);
      expect(again.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(again.requestId).not.toBe(first.requestId);

      const tag = first.headers.etag!;
      const held = await get(path, { 'if-none-match': `"other", W/${tag}` });
      expect(held.status, path).toBe(304);
      expect(held.text).toBe('');
      const { 'content-type': _type, ...withoutType } = first.headers;
      expect(held.headers, path).toEqual(withoutType);
      expect((await get(path, { 'if-none-match': '"other"' })).status, path).toBe(200);
    }
  });

  it('keep only what a route answered 200 to a GET at that very URL: not a 404, not a HEAD, not another query or origin', async () => {
    const { get, kept } = setUp();
    await get('user/courses/no-such-course');
    expect((await get('user/courses/no-such-course')).status).toBe(404);
    await get('user/courses/course-02', {}, 'HEAD');
    const head = await get('user/courses/course-02', {}, 'HEAD');
    expect(head.status).toBe(200);
    await get('user/courses?page=1');
    // Another page of the same list is the route's to answer: its own answer, not the first page's.
    const second = await get('user/courses?page=2');
    const page = JSON.parse(second.text) as { data: { courses: { course_id: string }[] } };
    expect(page.data.courses.map((card) => card.course_id)).toEqual(['course-11', 'course-12', 'course-13', 'course-14']);
    // The links in an answer are on the origin the request came to (no PUBLIC_SITE_URL here).
    await get('user/courses/course-03');
    const elsewhere = await get('user/courses/course-03', {}, 'GET', 'http://other.example');
    expect(elsewhere.text).toContain('http://other.example/_astro/');
    expect(elsewhere.text).not.toContain('http://localhost/');
    expect(kept).toEqual([]);
    const invalid = await get('user/courses?page=0');
    expect(invalid.status).toBe(400);
    expect((await get('user/courses?page=0')).status).toBe(400);
    expect(kept).toEqual([]);
  });

  it('let every kept answer go when the process serves another release: the route reads the catalogue again', async () => {
    const { get, kept } = setUp();
    const before = await get('user/courses/course-02');
    await get('user/courses/course-02');
    expect(kept).toHaveLength(1);

    const changed = testCatalogue();
    changed.courses[1]!.price_kobo = 77_700_00;
    await seedCatalogue(database.db, changed, new Date(), 'build-b');
    build = 'build-b';
    const after = await get('user/courses/course-02');
    expect(kept).toHaveLength(1);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((JSON.parse(after.text) as { data: { courseDetails: { price: string } } }).data.courseDetails.price).toBe('77700.00');
    // And the new release's answer is kept in turn.
    expect((await get('user/courses/course-02')).text).toBe(after.text);
    expect(kept).toHaveLength(2);
  });

  it('are counted in the metrics under their route, as the answers the router sends', async () => {
    const { get, metrics } = setUp();
    for (let i = 0; i < 3; i++) await get('user/courses/course-02');
    await get('user/courses/course-02', { 'if-none-match': (await get('user/courses/course-02')).headers.etag! });
    const text = await (await metrics.answer(new Request('http://127.0.0.1/metrics'), '127.0.0.1'))!.text();
    expect(text).toContain('adire_http_requests_total{route="/api/v1/user/courses/:id",method="GET",status="200"} 4');
    expect(text).toContain('adire_http_requests_total{route="/api/v1/user/courses/:id",method="GET",status="304"} 1');
    expect(text).toContain('adire_http_request_duration_seconds_count{route="/api/v1/user/courses/:id",method="GET"} 5');
  });
});
