// The address a request comes from, for rate limits and logs. Behind a proxy (TRUST_PROXY=1) the
// socket is the proxy's, so API.md takes the first X-Forwarded-For entry instead.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { ApiEnv } from './context.ts';

export const UNKNOWN_ADDRESS = 'unknown';

export function clientAddress(c: Context<ApiEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = parseAddress(c.req.header('x-forwarded-for')?.split(',')[0] ?? '');
    if (forwarded) return forwarded;
  }
  // app.request() in tests, or a socket already gone, has no address: those share one bucket.
  return parseAddress(c.env?.incoming?.socket?.remoteAddress ?? '') ?? UNKNOWN_ADDRESS;
}

/** A canonical form of an IPv4 or IPv6 address (with or without port or brackets), or null. */
export function parseAddress(raw: string): string | null {
  let text = raw.trim();
  if (text.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped?.[1]) text = mapped[1];
  const version = isIP(text);
  if (version === 4) return text;
  if (version === 6) return ipv6Prefix(text);
  return null;
}

/**
 * One IPv6 subscriber usually holds a whole /64, so counting single addresses would let one client
 * rotate through billions of them: the /64 prefix stands for the client.
 */
function ipv6Prefix(address: string): string {
  const zoneless = address.split('%')[0] ?? address;
  const [head = '', tail] = zoneless.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  // An embedded IPv4 tail (64:ff9b::192.0.2.1) fills two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const missing = 8 - width(headGroups) - width(tailGroups);
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return (
    groups
      .slice(0, 4)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  );
}
