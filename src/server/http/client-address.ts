// The address a request comes from, for rate limits and logs. Behind proxies the socket is the
// nearest proxy's, so the address comes from X-Forwarded-For instead. Each proxy appends the address
// it received the request from, so only the entries on the right were written by proxies we trust;
// everything to their left, the first entry above all, is whatever the client chose to send.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { ApiEnv } from './context.ts';

const UNKNOWN_ADDRESS = 'unknown';

/** `proxies` is TRUST_PROXY: how many proxies stand in front of the server (0: none). */
export function clientAddress<E extends ApiEnv>(c: Context<E>, proxies: number): string {
  const forwarded = proxies > 0 ? forwardedClient(c.req.header('x-forwarded-for'), proxies) : null;
  // app.request() in tests, or a socket already gone, has no address: those share one bucket.
  return forwarded ?? parseAddress(c.env?.incoming?.socket?.remoteAddress ?? '') ?? UNKNOWN_ADDRESS;
}

/**
 * The client as the outermost of `proxies` proxies saw it: the `proxies`-th X-Forwarded-For entry
 * from the right (1: the last). A header with fewer entries did not pass through every proxy (a
 * request sent to an inner proxy, or straight to the server), so no entry in it can be trusted and
 * the socket's address stands instead: taking the leftmost entry would let the sender pick it. The
 * same goes for an entry that is not an address. Several headers count as one list, in order.
 */
export function forwardedClient(header: string | undefined, proxies: number): string | null {
  if (!header || proxies < 1) return null;
  const entries = header.split(',');
  const entry = entries.length >= proxies ? entries[entries.length - proxies] : undefined;
  return entry === undefined ? null : parseAddress(entry);
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
