// Every answer of the one process carries the security headers; the API gets a locked-down CSP,
// pages keep the CSP with their script hashes.
import { describe, expect, it } from 'vitest';
import { createSiteHandler } from './site-server.ts';
import type { StaticSite } from './static-site.ts';

const PAGE_CSP = "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'";
const site: StaticSite = {
  size: 1,
  respond: (_request, path) =>
    path === '/about' ? new Response('<h1>About</h1>', { headers: { 'content-security-policy': PAGE_CSP } }) : null,
  notFound: () => new Response('<h1>Page not found</h1>', { status: 404 }),
};
const api = {
  fetch: (request: Request) =>
    request.url.endsWith('/video')
      ? new Response('bytes', { headers: { 'cross-origin-resource-policy': 'cross-origin' } })
      : Response.json({ message: 'OK', data: null }),
};
const handle = createSiteHandler(api, site);

const COMMON = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

describe('security headers', () => {
  it.each([
    ['an API answer', new Request('http://x/api/v1/health'), 200],
    ['a page', new Request('http://x/about'), 200],
    ['the 404 page', new Request('http://x/nowhere'), 404],
    ['a POST to a page', new Request('http://x/about', { method: 'POST' }), 405],
  ])('are on %s', async (_name, request, status) => {
    const response = await handle(request);
    expect(response.status).toBe(status);
    for (const [header, value] of Object.entries(COMMON)) expect(response.headers.get(header), header).toBe(value);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("lock the API down and keep a page's own CSP", async () => {
    expect((await handle(new Request('http://x/api/v1/health'))).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect((await handle(new Request('http://x/about'))).headers.get('content-security-policy')).toBe(PAGE_CSP);
  });

  it("keep a file's own resource policy, for pages of another origin that show it", async () => {
    const response = await handle(new Request('http://x/api/v1/video'));
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('send page methods other than GET and HEAD away with 405 and Allow', async () => {
    const response = await handle(new Request('http://x/about', { method: 'DELETE' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
