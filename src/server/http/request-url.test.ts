// pathOf and originOf read a request's url as new URL() would, for any url a Request can carry.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { originOf, pathOf } from './request-url.ts';

const asRequestHas = (url: string) => new Request(url).url;

describe('pathOf and originOf', () => {
  it.each([
    'http://localhost/api/v1/user/courses/course-01',
    'http://127.0.0.1:4321/api/v1/user/courses?search=indigo#top',
    'https://adireacademy.ng',
    'https://adireacademy.ng/a#b?c',
    'http://x/media/uploads/%2e%2e/%00?x=/y',
    'http://EXAMPLE.com:80/./a/../b/ c',
  ])('agree with new URL on %s', (raw) => {
    const url = asRequestHas(raw);
    expect(pathOf(url)).toBe(new URL(url).pathname);
    expect(originOf(url)).toBe(new URL(url).origin);
  });

  it('agree with new URL on any web URL', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (raw) => {
        const url = asRequestHas(raw);
        expect(pathOf(url)).toBe(new URL(url).pathname);
        expect(originOf(url)).toBe(new URL(url).origin);
      }),
    );
  });
});
