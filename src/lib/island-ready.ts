// The event a React island sends on the document once it is live, its effects run (IslandBoundary's
// withBoundary), with the island's name as detail: what the client:interaction directive waits for
// before it types or presses again what a person did meanwhile (lib/hydrate-on-interaction.ts).
export const ISLAND_READY = 'island:ready';
