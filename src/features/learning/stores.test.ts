// The course page's store through its actions, with the API stubbed: what a student sees after a
// load (the material to start on, or why there is nothing), a tick that shows at once and goes back
// when the save is refused, and the one reload of links after a video fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '#lib/errors.ts';
import { $session, type Session } from '#lib/session.ts';
import type { CourseMaterials, Material } from './schemas.ts';

const api = vi.hoisted(() => ({ myCourses: vi.fn(), materials: vi.fn(), sendTick: vi.fn() }));
vi.mock('./api.ts', () => ({ learningApi: api }));
vi.mock('./materials-api.ts', () => ({ materialsApi: api }));
const { $materials, formatLength, loadMaterials, progressOf, reloadAfterVideoError, selectMaterial, setCompleted } =
  await import('./stores.ts');

const material = (id: string, completed = false, url = `/api/v1/user/materials/c1/${id}?sig=1`): Material => ({
  id,
  title: `Lesson ${id}`,
  kind: id === 'm2' ? 'pdf' : 'video',
  length: id === 'm2' ? 3 : 95,
  url,
  poster_url: id === 'm2' ? null : url.replace('?', '/poster?'),
  size: id === 'm2' ? 40_000 : 2_000_000,
  poster_size: id === 'm2' ? null : 9_000,
  completed,
});
const course = (...materials: Material[]): CourseMaterials => ({
  course: { id: 'c1', title: 'Adire Indigo', image_url: '/c1.svg' },
  materials,
});
const answer = <T>(data: T) => Promise.resolve({ message: 'ok', data });

describe('the course page store', () => {
  afterEach(() => vi.clearAllMocks());

  it('selects the material the link names, else the first not yet done', async () => {
    api.materials.mockReturnValue(answer(course(material('m1', true), material('m2'), material('m3'))));
    await loadMaterials('c1', 'm3');
    expect($materials.get()).toMatchObject({ kind: 'ready', selectedId: 'm3', linkReloads: 0 });
    await loadMaterials('c1', 'no-such-material');
    expect($materials.get()).toMatchObject({ kind: 'ready', selectedId: 'm2' });
    expect(selectMaterial('m1')).toBe(true);
    expect(selectMaterial('m9')).toBe(false);
    expect($materials.get()).toMatchObject({ selectedId: 'm1' });
  });

  it('says the student is not enrolled (403), or why the page could not load', async () => {
    api.materials.mockReturnValueOnce(Promise.reject(new ApiError(403, 'You are not enrolled in this course.', {})));
    await loadMaterials('c1', null);
    expect($materials.get()).toEqual({ kind: 'not-enrolled', message: 'You are not enrolled in this course.' });
    api.materials.mockReturnValueOnce(Promise.reject(new NetworkError(false)));
    await loadMaterials('c1', null);
    expect($materials.get()).toMatchObject({ kind: 'failed' });
  });

  it('ticks a material at once and counts it in the progress; a refused save puts the tick back, an unsent one stays', async () => {
    $session.set({ token: 't', user: { id: 's1' } } as Session);
    api.materials.mockReturnValueOnce(answer(course(material('m1'), material('m2'), material('m3'))));
    await loadMaterials('c1', null);
    api.sendTick.mockReturnValueOnce(answer({ completed: true, changed_at: '2026-11-26T10:42:00.000Z', progress: 33 }));
    await setCompleted('m1', true);
    const ready = () => $materials.get() as Extract<ReturnType<typeof $materials.get>, { kind: 'ready' }>;
    expect(progressOf(ready().materials)).toBe(33);
    const [sent] = api.sendTick.mock.calls[0] as [{ key: string; at: string }];
    expect(sent).toMatchObject({ course: 'c1', material: 'm1', completed: true });
    expect(sent.key).toMatch(/^[\w-]{36}$/);
    expect(Date.parse(sent.at)).toBeGreaterThan(Date.now() - 60_000);

    let refuse: (error: unknown) => void = () => {};
    api.sendTick.mockReturnValueOnce(new Promise((_, reject) => (refuse = reject)));
    const saving = setCompleted('m2', true);
    expect(progressOf(ready().materials)).toBe(66);
    refuse(new ApiError(404, 'Material not found'));
    await saving;
    expect(ready().materials.map((m) => m.completed)).toEqual([true, false, false]);

    // No connection: the tick stays, to be sent when the connection returns.
    api.sendTick.mockReturnValueOnce(Promise.reject(new NetworkError(false)));
    await setCompleted('m3', true);
    expect(ready().materials.map((m) => m.completed)).toEqual([true, false, true]);
    $session.set(null);
  });

  it('a list asked for before a tick was answered does not undo the tick when it lands after it', async () => {
    $session.set({ token: 't', user: { id: 's1' } } as Session);
    api.materials.mockReturnValueOnce(answer(course(material('m1'), material('m2'))));
    await loadMaterials('c1', null);
    // The list is asked for again (a reload of links), and the server answers it before the tick...
    let land: (value: unknown) => void = () => {};
    api.materials.mockReturnValueOnce(new Promise((resolve) => (land = resolve)));
    const reloading = reloadAfterVideoError();
    await vi.waitFor(() => expect(api.materials).toHaveBeenCalledTimes(2));
    // ...but the tick is answered first on the phone.
    api.sendTick.mockReturnValueOnce(answer({ completed: true, changed_at: '2026-11-26T10:42:00.000Z', progress: 50 }));
    await setCompleted('m1', true);
    land({ message: 'ok', data: course(material('m1'), material('m2')) });
    await reloading;
    const state = $materials.get() as Extract<ReturnType<typeof $materials.get>, { kind: 'ready' }>;
    expect(state.materials.map((m) => m.completed)).toEqual([true, false]);
    expect(progressOf(state.materials)).toBe(50);
    $session.set(null);
  });

  it('fetches fresh links once after a video fails, keeping the selection and renewing the player', async () => {
    api.materials.mockReturnValueOnce(answer(course(material('m1'), material('m3'))));
    await loadMaterials('c1', 'm3');
    api.materials.mockReturnValueOnce(answer(course(material('m1', false, '/fresh/m1'), material('m3', false, '/fresh/m3'))));
    expect(await reloadAfterVideoError()).toBe(true);
    expect($materials.get()).toMatchObject({ selectedId: 'm3', linkReloads: 1, materials: [{ url: '/fresh/m1' }, { url: '/fresh/m3' }] });
    expect(await reloadAfterVideoError()).toBe(false);
    expect(api.materials).toHaveBeenCalledTimes(2);
  });

  it('writes a video as mm:ss and a handout in pages', () => {
    expect(formatLength({ kind: 'video', length: 95 })).toBe('01:35');
    expect(formatLength({ kind: 'pdf', length: 1 })).toBe('1 page');
    expect(formatLength({ kind: 'pdf', length: 12 })).toBe('12 pages');
  });
});
