import { describe, expect, it } from 'vitest';
import { loginUrl, safeNext } from './navigation.ts';

describe('safeNext', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeNext('/dashboard/settings?tab=ChangePassword')).toBe('/dashboard/settings?tab=ChangePassword');
    expect(safeNext('/courses/adire-textiles/checkout')).toBe('/courses/adire-textiles/checkout');
  });

  it('refuses other sites, schemes and odd characters', () => {
    for (const raw of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      '/a\nb',
      '',
      null,
    ]) {
      expect(safeNext(raw)).toBeNull();
    }
  });

  it('never leads back into the auth pages', () => {
    expect(safeNext('/auth/login')).toBeNull();
    expect(safeNext('/auth/logout')).toBeNull();
    expect(safeNext('/authors')).toBe('/authors');
  });
});

describe('loginUrl', () => {
  it('carries a safe way back and drops an unsafe one', () => {
    expect(loginUrl('/dashboard')).toBe('/auth/login?next=%2Fdashboard');
    expect(loginUrl('https://evil.example')).toBe('/auth/login');
    expect(loginUrl()).toBe('/auth/login');
  });
});
