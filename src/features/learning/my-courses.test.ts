// My courses' store with the API stubbed: the server's list when online (kept on the phone), the
// kept list with when it was fetched when offline, and 'could not be loaded' when the server refuses
// or nothing was kept.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '#lib/errors.ts';
import type { MyCourse } from './schemas.ts';

const api = vi.hoisted(() => ({ myCourses: vi.fn(), materials: vi.fn(), sendTick: vi.fn() }));
vi.mock('./api.ts', () => ({ learningApi: api }));
const { $myCourses, lastWorkedOn, loadMyCourses } = await import('./my-courses.ts');

const course = (id: string, last_activity_at: string | null, enrolled_at = '2026-11-01T10:00:00.000Z') =>
  ({ course_id: id, title: `Course ${id}`, progress: 0, enrolled_at, last_activity_at, next_material_id: null }) as unknown as MyCourse;

describe('the My courses store', () => {
  afterEach(() => vi.clearAllMocks());

  it("shows the server's list, and offline the list last kept on the phone, with when", async () => {
    vi.stubGlobal('caches', {
      open: () => Promise.resolve({ match: () => Promise.resolve(undefined), put: () => Promise.resolve() }),
      match: () => Promise.resolve(undefined),
    });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 404 })));
    api.myCourses.mockResolvedValueOnce({ message: 'ok', data: [course('c1', null)] });
    await loadMyCourses('s1');
    expect($myCourses.get()).toEqual({ kind: 'ready', courses: [course('c1', null)], syncedAt: null });
    api.myCourses.mockRejectedValueOnce(new NetworkError(false));
    await loadMyCourses('s1');
    const offline = $myCourses.get();
    expect(offline).toMatchObject({ kind: 'ready', courses: [course('c1', null)] });
    expect(offline.kind === 'ready' && Date.parse(offline.syncedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    vi.unstubAllGlobals();
  });

  it('says the list could not be loaded when the server refuses, or offline with nothing kept', async () => {
    api.myCourses.mockRejectedValueOnce(new ApiError(500, 'Something went wrong.', {}));
    await loadMyCourses('s1');
    expect($myCourses.get()).toEqual({ kind: 'failed' });
    api.myCourses.mockRejectedValueOnce(new NetworkError(false));
    await loadMyCourses('s2');
    expect($myCourses.get()).toEqual({ kind: 'failed' });
  });

  it('continues the course last worked on, else the newest enrolment', () => {
    const older = course('c1', null, '2026-11-01T10:00:00.000Z');
    const newer = course('c2', null, '2026-11-05T10:00:00.000Z');
    expect(lastWorkedOn([older, newer])).toBe(newer);
    const worked = course('c3', '2026-11-03T10:00:00.000Z');
    expect(lastWorkedOn([older, worked, newer])).toBe(worked);
    expect(lastWorkedOn([])).toBeNull();
  });
});
