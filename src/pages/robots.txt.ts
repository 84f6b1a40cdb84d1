import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /dashboard',
      'Disallow: /auth',
      'Disallow: /api/',
      '',
      `Sitemap: ${new URL('sitemap-index.xml', site)}`,
      '',
    ].join('\n'),
    {
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    },
  );
