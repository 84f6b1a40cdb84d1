import { describe, expect, it } from 'vitest';
import { DEFAULT_TAB, tabFromSearch, tabIndexAfterKey, urlWithTab } from './tabs.ts';

describe('tabFromSearch', () => {
  it('reads each tab by its label without spaces', () => {
    expect(tabFromSearch('?tab=UserProfile')).toBe('UserProfile');
    expect(tabFromSearch('?tab=ChangePassword')).toBe('ChangePassword');
    expect(tabFromSearch('?x=1&tab=ViewNotification')).toBe('ViewNotification');
  });
  it('falls back to the first tab when absent or unknown', () => {
    expect(DEFAULT_TAB).toBe('UserProfile');
    expect(tabFromSearch('')).toBe('UserProfile');
    expect(tabFromSearch('?tab=changepassword')).toBe('UserProfile');
    expect(tabFromSearch('?tab=')).toBe('UserProfile');
  });
});

describe('urlWithTab', () => {
  it('sets the tab and keeps the rest of the address', () => {
    expect(urlWithTab('http://x.test/dashboard/settings?a=1#top', 'ChangePassword')).toBe('/dashboard/settings?a=1&tab=ChangePassword#top');
    expect(urlWithTab('http://x.test/dashboard/settings?tab=UserProfile', 'ViewNotification')).toBe(
      '/dashboard/settings?tab=ViewNotification',
    );
  });
});

describe('tabIndexAfterKey', () => {
  it('moves with the arrows, wrapping around', () => {
    expect(tabIndexAfterKey('ArrowDown', 0, 3)).toBe(1);
    expect(tabIndexAfterKey('ArrowDown', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('ArrowUp', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('ArrowRight', 1, 3)).toBe(2);
    expect(tabIndexAfterKey('ArrowLeft', 1, 3)).toBe(0);
  });
  it('goes to the ends with Home and End, and ignores other keys', () => {
    expect(tabIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('Enter', 1, 3)).toBeNull();
  });
});
