// Headers every answer carries. A page's own CSP, with a hash for each inline script the build wrote
// itself and for no other, is made in file-headers.ts (pagePolicy).
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
};

const RESOURCE_POLICY = 'cross-origin-resource-policy';

/**
 * The Cross-Origin-Resource-Policy of a file pages show (a stored picture, a course video or its
 * poster): same-origin, unless pages of other origins use this API (CORS_ORIGINS) and show its files,
 * which the browser would refuse them. The link is what grants such a file (signed, or a random key),
 * never a cookie: a page elsewhere that shows it learns nothing it could not fetch itself.
 */
export const embeddedFilePolicy = (corsOrigins: readonly string[]): Record<string, string> => ({
  [RESOURCE_POLICY]: corsOrigins.length ? 'cross-origin' : 'same-origin',
});

/** The policy of a site answer that brings none of its own (an asset, a 405): see file-headers.ts. */
export const PAGE_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * An API answer's security headers as one record, for an answer made with all its headers at once
 * (http/complete-answer.ts): `defaults` may be replaced by the answer's own headers, `fixed` may not,
 * as withSecurityHeaders(response, true) would have it.
 */
export const API_SECURITY_HEADERS = {
  defaults: { 'content-security-policy': API_CSP },
  fixed: COMMON_SECURITY_HEADERS,
} as const;

export function withSecurityHeaders(response: Response, isApi: boolean): Response {
  // A Response from fetch() or a 30x may have immutable headers: copy into a new one when needed.
  let res = response;
  try {
    res.headers.set('x-content-type-options', 'nosniff');
  } catch {
    res = new Response(response.body, response);
  }
  // An answer's own resource policy stands (embeddedFilePolicy), as its own CSP does.
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS))
    if (name !== RESOURCE_POLICY || !res.headers.has(name)) res.headers.set(name, value);
  if (!res.headers.has('content-security-policy')) res.headers.set('content-security-policy', isApi ? API_CSP : PAGE_CSP);
  return res;
}
