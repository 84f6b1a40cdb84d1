/**
 * Stands in for `@tanstack/devtools-event-client` in the build (astro.config.mjs). TanStack Form
 * reports every form's state to a devtools panel we never ship: in a visitor's browser that client
 * queued each event, retried a connection every second and cost about 1.5 KB gzip on every form
 * page. This one takes the same calls and does nothing.
 */
export class EventClient {
  constructor(_options: { pluginId: string; debug?: boolean; enabled?: boolean; reconnectEveryMs?: number }) {}
  emit(_eventSuffix: string, _payload: unknown): void {}
  on(_eventSuffix: string, _callback: (event: unknown) => void, _options?: unknown): () => void {
    return () => {};
  }
  onAll(_callback: (event: unknown) => void): () => void {
    return () => {};
  }
  onAllPluginEvents(_callback: (event: unknown) => void): () => void {
    return () => {};
  }
}
