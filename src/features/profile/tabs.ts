// The settings page's tabs (docs/product.md#settings-page): which one the address names
// (?tab=UserProfile, ChangePassword or ViewNotification, the label without spaces; the first when
// absent or unknown), and where the arrow keys, Home and End move focus in the tab list.
export const SETTINGS_TABS = [
  { id: 'UserProfile', label: 'User Profile' },
  { id: 'ChangePassword', label: 'Change Password' },
  { id: 'ViewNotification', label: 'View notification' },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

export const DEFAULT_TAB: SettingsTab = SETTINGS_TABS[0].id;
const TAB_PARAM = 'tab';

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

/**
 * The index a key moves to in a vertical tab list of `count` tabs (WAI-ARIA tabs pattern): up and
 * down (and left and right, for the horizontal reading) wrap around, Home and End go to the ends.
 * Null for any other key.
 */
export function tabIndexAfterKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowUp':
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The id of a tab's panel heading: the panel's form is labelled by it (the page passes it to the password form's island). */
export const settingsHeadingId = (tab: SettingsTab) => `settings-heading-${tab}`;
