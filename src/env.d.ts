interface ImportMetaEnv {
  /** Where the browser finds the API; default '/api/v1/' on the same origin (docs/product.md#two-readings-the-one-taken). */
  readonly PUBLIC_API_BASE?: string;
  readonly PUBLIC_SITE_URL?: string;
  /** Made anew by each build (astro.config.mjs): marks our own inline scripts for the pages' CSP (src/server/content-gate/build-gate.ts). */
  readonly OWN_SCRIPT_MARK: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace Astro {
  interface ClientDirectives {
    /**
     * Hydrate when a person reaches for the island; at once when a condition of the value holds: "query" (the
     * address has a query string), "stored:<key>" (sessionStorage holds <key>), space-separated (src/lib/hydrate-on-interaction.ts).
     */
    'client:interaction'?: boolean | string;
  }
}
