// The profile actions through their public API, with the API calls stubbed: what the session (and so
// the header) holds after each, and where the browser goes after a password change.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#lib/errors.ts';
import { LOGIN_PATH } from '#lib/navigation.ts';
import { $session } from '#lib/session.ts';
import { takePendingToasts } from '#lib/toast/store.ts';
import { sampleUser } from '../../../tests/support/sample-user.ts';

const api = vi.hoisted(() => ({
  profile: vi.fn(),
  updateProfile: vi.fn(),
  changePassword: vi.fn(),
  initiateUpload: vi.fn(),
  confirmUpload: vi.fn(),
  updateProfileImage: vi.fn(),
}));
vi.mock('./api.ts', () => api);
vi.mock('./upload-api.ts', () => api);
const { changePassword, PASSWORD_CHANGED_REDIRECT_MS, saveProfile } = await import('./stores.ts');
const { removeProfileImage, UNDO } = await import('./picture.ts');
const { loadProfile, refreshSignedInUser } = await import('./signed-in-user.ts');

const signedIn = { token: 'token-1', user: sampleUser() };
const answer = <T>(data: T) => Promise.resolve({ message: 'ok', data });

describe('the profile store', () => {
  const replace = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { pathname: '/dashboard/settings', search: '', replace, assign: vi.fn() });
    $session.set(signedIn);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.clearAllMocks();
    $session.set(null);
  });

  it('loads the profile and puts the fresh user in the session, keeping the token', async () => {
    const fresh = sampleUser({ first_name: 'Adaeze', image_url: '/media/uploads/new.png' });
    api.profile.mockReturnValueOnce(answer(fresh));
    expect(await loadProfile()).toEqual(fresh);
    expect($session.get()).toEqual({ token: 'token-1', user: fresh });
  });

  it('saves the profile and the header follows at once', async () => {
    const saved = sampleUser({ home_address: '12 Broad Street, Lagos' });
    api.updateProfile.mockReturnValueOnce(answer(saved));
    await saveProfile({ home_address: '12 Broad Street, Lagos' });
    expect(api.updateProfile).toHaveBeenCalledWith({ home_address: '12 Broad Street, Lagos' });
    expect($session.get()?.user.home_address).toBe('12 Broad Street, Lagos');
  });

  it('keeps the session as it was when saving is refused', async () => {
    api.updateProfile.mockReturnValueOnce(Promise.reject(new ApiError(400, 'Home address is required', {})));
    await expect(saveProfile({ home_address: '' })).rejects.toMatchObject({ status: 400 });
    expect($session.get()).toEqual(signedIn);
  });

  it('removes the picture at once, and Undo in the toast puts the same one back unless another was chosen since', async () => {
    const removed = sampleUser({ image_url: null });
    const restored = sampleUser({ image_url: 'http://localhost/media/uploads/a.png' });
    takePendingToasts();
    api.updateProfileImage.mockReturnValueOnce(
      Promise.resolve({ message: 'Your profile picture has been removed.', data: { user: removed, previous_file_id: 'upload-1' } }),
    );
    await removeProfileImage({ focusAction: true });
    expect(api.updateProfileImage).toHaveBeenCalledWith({ file_id: null }, { toastSuccess: false });
    expect($session.get()?.user.image_url).toBeNull();
    const [shown] = takePendingToasts();
    expect(shown).toMatchObject({ type: 'success', message: 'Your profile picture has been removed.', focusAction: true });
    expect(shown?.action?.label).toBe(UNDO);

    api.updateProfileImage.mockReturnValueOnce(answer({ user: restored, previous_file_id: null }));
    shown!.action!.run();
    await vi.waitFor(() => expect($session.get()?.user.image_url).toBe(restored.image_url));
    expect(api.updateProfileImage).toHaveBeenLastCalledWith({ file_id: 'upload-1', replaces: null });
  });

  it('offers no Undo for a picture the server cannot name', async () => {
    takePendingToasts();
    api.updateProfileImage.mockReturnValueOnce(answer({ user: sampleUser({ image_url: null }), previous_file_id: null }));
    await removeProfileImage();
    expect(takePendingToasts()[0]?.action).toBeUndefined();
  });

  it('after a password change forgets the session at once and goes to login a second later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    api.changePassword.mockReturnValueOnce(answer(null));
    const changing = changePassword({ currentPassword: 'OldPassw0rd', password: 'NewPassw0rd' });
    await vi.advanceTimersByTimeAsync(0);
    expect($session.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(PASSWORD_CHANGED_REDIRECT_MS - 1);
    expect(replace).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await changing;
    expect(replace).toHaveBeenCalledWith(LOGIN_PATH);
  });

  it('keeps the session and the page when the current password is wrong', async () => {
    api.changePassword.mockReturnValueOnce(Promise.reject(new ApiError(400, 'Current password is incorrect', {})));
    await expect(changePassword({ currentPassword: 'Wrong1234', password: 'NewPassw0rd' })).rejects.toMatchObject({ status: 400 });
    expect($session.get()).toEqual(signedIn);
    expect(replace).not.toHaveBeenCalled();
  });

  it('checks the session with the server only when there is one', () => {
    $session.set(null);
    refreshSignedInUser();
    expect(api.profile).not.toHaveBeenCalled();
    $session.set(signedIn);
    api.profile.mockReturnValueOnce(Promise.reject(new ApiError(401, 'Your session has expired, please log in again.', {})));
    refreshSignedInUser();
    expect(api.profile).toHaveBeenCalledTimes(1);
  });
});
