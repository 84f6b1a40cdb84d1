import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /dashboard',
      'Disallow: /auth',
      // Log in and sign up are in the sitemap (astro.config.mjs): the steps behind them are not.
      'Allow: /auth/login$',
      'Allow: /auth/signup$',
      'Disallow: /api/',
      '',
      `Sitemap: ${new URL('sitemap-index.xml', site)}`,
      '',
    ].join('\n'),
    {
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    },
  );
