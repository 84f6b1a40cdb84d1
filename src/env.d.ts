interface ImportMetaEnv {
  /** Where the browser finds the API; default '/api/v1/' on the same origin (docs/product.md#two-readings-the-one-taken). */
  readonly PUBLIC_API_BASE?: string;
  readonly PUBLIC_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
