// A request's path and origin, read straight from its url. That url has been parsed and written out
// again already (by the Request constructor, or by @hono/node-server, which passes a URL on as it
// came only when parsing would leave it so), so its path runs from the first '/' after '://' to the
// first '?' or '#', and its origin is all before that path: what new URL(url).pathname and .origin
// give, without parsing the URL again in each layer of every request.

const pathStart = (url: string) => url.indexOf('/', url.indexOf('://') + 3);

export function pathOf(url: string): string {
  const start = pathStart(url);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  const hash = url.indexOf('#', start);
  const end = query === -1 ? hash : hash === -1 ? query : Math.min(query, hash);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

export function originOf(url: string): string {
  const start = pathStart(url);
  return start === -1 ? url : url.slice(0, start);
}
