// The web app manifest (issue 20, 'Installable'): the portal installs to a phone's home screen and
// opens on the dashboard, standalone. Names and description come from the content editors keep
// (content/site.yaml, the home page); the icons are made by scripts/content/make-icons.mjs.
import type { APIRoute } from 'astro';
import { getEntry } from 'astro:content';
import { THEME_COLOR } from '#lib/theme-color.ts';

export const GET: APIRoute = async () => {
  const site = (await getEntry('site', 'main'))!.data;
  const home = (await getEntry('home', 'home'))!.data;
  const manifest = {
    id: '/dashboard',
    name: site.name,
    short_name: site.shortName,
    description: home.description,
    lang: 'en-NG',
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/manifest+json' } });
};
