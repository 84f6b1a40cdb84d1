// The navy of the header, the browser's toolbar (BaseHead's theme-color) and the installed app's
// icons and title bar (src/pages/manifest.webmanifest.ts, scripts/content/make-icons.mjs).
export const THEME_COLOR = '#1e1b4b';
