// The settings page's tabs (docs/product.md#settings-page): which one the address names
// (?tab=UserProfile, ChangePassword or ViewNotification, the label without spaces; the first when
// absent or unknown). Where the arrow keys, Home and End move focus is #lib/tab-keys.ts.
export const SETTINGS_TABS = [
  { id: 'UserProfile', label: 'User Profile' },
  { id: 'ChangePassword', label: 'Change Password' },
  { id: 'ViewNotification', label: 'View notification' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export const DEFAULT_TAB: SettingsTab = SETTINGS_TABS[0].id;
export const TAB_PARAM = 'tab';

const isTab = (value: string | null): value is SettingsTab => SETTINGS_TABS.some((tab) => tab.id === value);

/** The tab a query string names, or the first. */
export function tabFromSearch(search: string): SettingsTab {
  const named = new URLSearchParams(search).get(TAB_PARAM);
  return isTab(named) ? named : DEFAULT_TAB;
}

/** The address with the tab in its query string, keeping the rest of it. */
export function urlWithTab(href: string, tab: SettingsTab): string {
  const url = new URL(href);
  url.searchParams.set(TAB_PARAM, tab);
  return url.pathname + url.search + url.hash;
}
