import { describe, expect, it } from 'vitest';
import { apiOriginOf } from './api-base.ts';

describe('the API base', () => {
  it('names another origin only when it is an absolute URL', () => {
    expect(apiOriginOf('/api/v1/')).toBeNull();
    expect(apiOriginOf('https://api.adireacademy.ng/api/v1/')).toBe('https://api.adireacademy.ng');
    expect(apiOriginOf('http://127.0.0.1:4611/api/v1/')).toBe('http://127.0.0.1:4611');
  });

  it.each(['//api.adireacademy.ng/api/v1/', 'api/v1/', 'ftp://x/api/', ''])('refuses %j', (base) => {
    expect(() => apiOriginOf(base)).toThrow('must be a path such as /api/v1/ or an absolute http(s) URL');
  });

  it.each(['/api/v1', 'https://api.adireacademy.ng/api/v1'])('refuses %j without its closing slash', (base) => {
    expect(() => apiOriginOf(base)).toThrow('must end with a slash, e.g. /api/v1/');
  });
});
