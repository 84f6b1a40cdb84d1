// What the settings forms ask of the accounts feature: load the profile, save it, change the
// password. The accounts feature owns the session and those calls, and features do not import each
// other (eslint.config.js), so the settings page hands the accounts actions in
// (src/pages/dashboard/settings.astro) and the forms wait for them here.
import { atom } from 'nanostores';
import type { User } from '#lib/schemas/user.ts';

/** The body of PUT user/student/profile: an absent phone or picture keeps the saved one; a null picture clears it. */
export interface ProfileChanges {
  home_address: string;
  phone_number?: string | null;
  profile_image_file_id?: string | null;
}

export interface SettingsActions {
  /** GET user/student/profile, the session's user refreshed with it. */
  loadProfile: () => Promise<User>;
  /** PUT user/student/profile; the saved user goes into the session (the header follows). */
  saveProfile: (input: ProfileChanges) => Promise<User>;
  /** PATCH user/auth/student/password; then the session ends and the browser goes to login. */
  changePassword: (input: { currentPassword: string; password: string }) => Promise<void>;
}

const $actions = atom<SettingsActions | null>(null);

export function provideSettingsActions(actions: SettingsActions) {
  $actions.set(actions);
}

/** The actions, once the page has provided them (its script and the islands load side by side). */
export function settingsActions(): Promise<SettingsActions> {
  const ready = $actions.get();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve) => {
    const stop = $actions.listen((actions) => {
      if (!actions) return;
      stop();
      resolve(actions);
    });
  });
}
