// What the portal keeps on the phone for offline study, per student: the answers kept (and when),
// the queue of ticks (one per material, the last one made), saved files, and what logging out
// removes. IndexedDB is fake-indexeddb's; Cache Storage is a small in-memory one of the same shape.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MATERIALS_CACHE, savedFileUrl } from '#lib/offline/keys.ts';
import {
  dequeueTick,
  keepAnsweredTick,
  keepSnapshot,
  queueTick,
  queuedTicks,
  removeEverything,
  removeSaved,
  savedMaterials,
  snapshotOf,
} from './store.ts';
import { saveFile } from './save-file.ts';

/** Cache Storage as the store uses it: named caches of answers by address. */
function memoryCaches() {
  const named = new Map<string, Map<string, Response>>();
  const keyOf = (request: RequestInfo | URL) =>
    new URL(request instanceof Request ? request.url : String(request), 'https://adire.test').href;
  const open = (name: string) => {
    const entries = named.get(name) ?? new Map<string, Response>();
    named.set(name, entries);
    return Promise.resolve({
      keys: () => Promise.resolve([...entries.keys()].map((url) => new Request(url))),
      match: (request: RequestInfo | URL) => Promise.resolve(entries.get(keyOf(request))?.clone()),
      put: (request: RequestInfo | URL, answer: Response) => Promise.resolve(void entries.set(keyOf(request), answer)),
      delete: (request: RequestInfo | URL) => Promise.resolve(entries.delete(keyOf(request))),
    });
  };
  return { open, match: () => Promise.resolve(undefined), named };
}

let caches: ReturnType<typeof memoryCaches>;
beforeEach(() => {
  caches = memoryCaches();
  vi.stubGlobal('caches', caches);
});
afterEach(() => vi.unstubAllGlobals());

const tick = (material: string, completed: boolean, key = `${material}-${completed}`) => ({
  key,
  course: 'c1',
  material,
  completed,
  at: '2026-11-26T10:00:00.000Z',
});

/** A saved file, as saveFile keeps it. */
async function putSaved(student: string, course: string, material: string, bytes: number) {
  const cache = await caches.open(MATERIALS_CACHE);
  await cache.put(
    savedFileUrl({ student, course, material, poster: false }),
    new Response('x'.repeat(bytes), { headers: { 'content-length': String(bytes) } }),
  );
}

describe('the offline store', () => {
  it("keeps each student's answers apart, with when they were fetched", async () => {
    await keepSnapshot('s1', { courses: true }, ['course a']);
    await keepSnapshot('s1', { course: 'c1' }, { materials: [] });
    const kept = await snapshotOf<string[]>('s1', { courses: true });
    expect(kept?.data).toEqual(['course a']);
    expect(Date.parse(kept!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await snapshotOf('s2', { courses: true })).toBeUndefined();
    expect(await snapshotOf('s1', { course: 'c2' })).toBeUndefined();
  });

  it('queues one tick per material, the last one made, and takes off only the one answered', async () => {
    await queueTick('s3', tick('m1', true));
    await queueTick('s3', tick('m2', true));
    await queueTick('s3', tick('m1', false));
    expect((await queuedTicks('s3')).map((t) => [t.material, t.completed])).toEqual([
      ['m2', true],
      ['m1', false],
    ]);
    // The answer to the first tick of m1 comes after the untick was queued: the untick stays.
    await dequeueTick('s3', 'm1-true');
    await dequeueTick('s3', 'm2-true');
    expect(await queuedTicks('s3')).toEqual([tick('m1', false)]);
    expect(await queuedTicks('s4')).toEqual([]);
  });

  it("lays an answered tick over the course's kept list", async () => {
    await keepSnapshot(
      's5',
      { course: 'c1' },
      {
        course: { id: 'c1' },
        materials: [
          { id: 'm1', completed: false },
          { id: 'm2', completed: false },
        ],
      },
    );
    await keepAnsweredTick('s5', { course: 'c1', material: 'm2', completed: true });
    expect((await snapshotOf('s5', { course: 'c1' }))?.data).toEqual({
      course: { id: 'c1' },
      materials: [
        { id: 'm1', completed: false },
        { id: 'm2', completed: true },
      ],
    });
  });

  it('saves a file with its poster, nothing when the file fails, and the file when only the poster fails', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url.includes('broken')
          ? new Response('gone', { status: 410 })
          : new Response(`bytes of ${url}`, { headers: { 'content-type': 'video/mp4' } }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const arrived: number[] = [];
    const file = { student: 's6', course: 'c1', url: '/api/v1/user/materials/c1/m1?sig=1' };
    await saveFile({ ...file, material: 'm1', posterUrl: '/poster-1' }, (bytes) => arrived.push(bytes));
    await saveFile({ ...file, material: 'm2', posterUrl: '/broken-poster' }, () => undefined);
    await expect(saveFile({ ...file, material: 'm3', url: '/broken', posterUrl: null }, () => undefined)).rejects.toThrow('410');
    expect(arrived.reduce((sum, n) => sum + n, 0)).toBe(`bytes of ${file.url}`.length + 'bytes of /poster-1'.length);
    const saved = await savedMaterials('s6');
    expect(saved.map((s) => s.material).sort()).toEqual(['m1', 'm2']);
    const cache = await caches.open(MATERIALS_CACHE);
    const poster = await cache.match(savedFileUrl({ student: 's6', course: 'c1', material: 'm1', poster: true }));
    expect(await poster?.text()).toBe('bytes of /poster-1');
    expect(saved.find((s) => s.material === 'm1')?.bytes).toBe(`bytes of ${file.url}`.length + 'bytes of /poster-1'.length);
  });

  it("counts and removes only the student's own saved files: one material, one course, or all", async () => {
    await putSaved('s7', 'c1', 'm1', 100);
    await putSaved('s7', 'c1', 'm2', 200);
    await putSaved('s7', 'c2', 'm3', 300);
    await putSaved('s8', 'c1', 'm1', 400);
    expect((await savedMaterials('s7')).map((s) => s.bytes).sort()).toEqual([100, 200, 300]);
    await removeSaved('s7', { course: 'c1', material: 'm2' });
    expect((await savedMaterials('s7')).map((s) => s.material).sort()).toEqual(['m1', 'm3']);
    await removeSaved('s7', { course: 'c1' });
    expect((await savedMaterials('s7')).map((s) => s.material)).toEqual(['m3']);
    await removeSaved('s7');
    expect(await savedMaterials('s7')).toEqual([]);
    expect(await savedMaterials('s8')).toEqual([{ course: 'c1', material: 'm1', bytes: 400 }]);
  });

  it('removes everything of one student on logout, and nothing of another', async () => {
    for (const student of ['s9', 's10']) {
      await keepSnapshot(student, { courses: true }, []);
      await keepSnapshot(student, { course: 'c1' }, { materials: [] });
      await queueTick(student, tick('m1', true));
      await putSaved(student, 'c1', 'm1', 10);
    }
    await removeEverything('s9');
    expect(await snapshotOf('s9', { courses: true })).toBeUndefined();
    expect(await snapshotOf('s9', { course: 'c1' })).toBeUndefined();
    expect(await queuedTicks('s9')).toEqual([]);
    expect(await savedMaterials('s9')).toEqual([]);
    expect(await snapshotOf('s10', { courses: true })).toBeDefined();
    expect(await queuedTicks('s10')).toHaveLength(1);
    expect(await savedMaterials('s10')).toHaveLength(1);
  });

  it('keeps nothing and fails nothing where the browser has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await keepSnapshot('s11', { courses: true }, []);
    await queueTick('s11', tick('m1', true));
    expect(await snapshotOf('s11', { courses: true })).toBeUndefined();
    expect(await queuedTicks('s11')).toEqual([]);
    expect(await savedMaterials('s11')).toEqual([]);
  });
});
