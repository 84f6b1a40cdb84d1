// Where the browser finds the API (PUBLIC_API_BASE at build time): for the HTTP client, and for the
// header's bell, which calls it with a plain fetch to stay light.
export const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '/api/v1/';
