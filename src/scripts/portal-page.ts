// The portal's one script (src/components/PortalPageScript.astro, the dashboard layout's): of what
// page.ts does, what these pages have, the header and the toast loader. They have no lazy images,
// video facades, footer form or next step of a flow, so their code is not fetched here (about 1 KB).
// What both scripts share (the header, the toast loader) the bundler makes one chunk of its own.
import { startToastLoader } from '#lib/toast/loader.ts';
import { startHeader } from './header.ts';

startHeader();
startToastLoader();
