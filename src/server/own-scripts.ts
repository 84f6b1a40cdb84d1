// Which inline scripts are the build's own: the page CSP (src/server/file-headers.ts) lists a hash for
// these and for nothing else, so a script that reached a page by any other way (a Markdown body, a
// picture's text) has no hash and does not run, even if the content gate (src/server/content-gate/content-check.ts) missed it.
//
// Two kinds, both known before any content is read:
// - the scripts Astro writes itself (the island runtime, the client directives, small bundled
//   scripts): Astro hashes them from their sources for its own CSP (`security.csp`), which it writes
//   as a <meta> in each page's <head>. Their hashes are taken from there, and the <meta> is removed:
//   the header policy is the page's one policy.
// - our `is:inline` scripts (the session checks before first paint in BaseHead and DashboardLayout),
//   which carry `data-own-script` with a random mark made anew for each build (OWN_SCRIPT_MARK in
//   astro.config.mjs). Content written before the build cannot know it. The attribute is removed.
import { createHash } from 'node:crypto';

const OWN_SCRIPT_ATTRIBUTE = 'data-own-script';
/** Where the build records the allow-list for the servers and the edge files (file-headers.ts reads it). */
export const OWN_SCRIPTS_FILE = 'own-scripts.json';

const scriptHash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

/**
 * A built page's own inline scripts, as CSP hash sources, and the page without Astro's CSP <meta> and
 * without the marks. `mark` is this build's OWN_SCRIPT_MARK.
 */
export function ownScripts(html: string, mark: string): { html: string; hashes: string[] } {
  const hashes = new Set<string>();
  // Astro writes its <meta> in <head>, where no Markdown body goes: only one before the first </head> counts.
  const headEnd = html.search(/<\/head>/i);
  const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"\s*\/?>/i.exec(headEnd < 0 ? '' : html.slice(0, headEnd));
  let page = html;
  if (meta) {
    const scriptSrc = meta[1]!.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    for (const [source] of scriptSrc.matchAll(/'sha(?:256|384|512)-[A-Za-z0-9+/=]+'/g)) hashes.add(source);
    page = page.slice(0, meta.index) + page.slice(meta.index + meta[0].length);
  }
  const marked = new RegExp(`(<script\\b[^>]*?)\\s${OWN_SCRIPT_ATTRIBUTE}="([^"]*)"([^>]*>)([\\s\\S]*?)</script>`, 'gi');
  page = page.replace(marked, (whole, before: string, value: string, after: string, body: string) => {
    if (value !== mark) return whole;
    hashes.add(scriptHash(body));
    return `${before}${after}${body}</script>`;
  });
  return { html: page, hashes: [...hashes] };
}

/** The hash source of each inline script of a page that CSP would have to allow for it to run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!) || /type\s*=\s*"?application\/ld\+json/i.test(attributes!)) continue;
    hashes.push(scriptHash(body!));
  }
  return hashes;
}
