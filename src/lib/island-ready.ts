// The event a React island sends on the document once it is live, its effects run (IslandBoundary's
// withBoundary), with the island's name as detail: what the client:interaction directive waits for
// before it types or presses again what a person did meanwhile (lib/hydrate-on-interaction.ts).
export const ISLAND_READY = 'island:ready';

/**
 * Sent on a client:interaction island by a page script that needs it live without a person's action
 * (the code page, when the e-mail's link was followed in another tab): it hydrates at once.
 */
export const ISLAND_WAKE = 'island:wake';

/**
 * Marks a control while the page's own script puts focus in it (the code page's first box): that
 * focus is not a person reaching for the island, so a client:interaction island does not hydrate for it.
 */
export const FOCUSED_BY_PAGE = 'data-focused-by-page';
