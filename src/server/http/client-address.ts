// The address a request comes from, for rate limits and logs. Behind proxies the socket is the
// nearest proxy's, so the address comes from X-Forwarded-For instead. Each proxy appends the address
// it received the request from, so only the entries on the right were written by proxies we trust;
// everything to their left, the first entry above all, is whatever the client chose to send. And the
// header is believed only from a socket peer that is one of our proxies (TRUST_PROXY_ADDRESSES): a
// client reaching the server's port directly is counted by its own address, whatever it sends, as
// Express's 'trust proxy' with addresses does.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { Env } from '../env.ts';
import type { ApiEnv } from './context.ts';

const UNKNOWN_ADDRESS = 'unknown';

/** How many proxies stand in front of the server (TRUST_PROXY, 0: none), and their addresses. */
export type ProxySettings = Pick<Env, 'TRUST_PROXY' | 'TRUST_PROXY_ADDRESSES'>;

/** Whether `raw` (an address as a socket or a proxy gives it, with port or brackets) passes `matches`. */
function isIn(matches: (address: string) => boolean, raw: string): boolean {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  return matches(text);
}

export function clientAddress<E extends ApiEnv>(c: Context<E>, settings: ProxySettings): string {
  // app.request() in tests, or a socket already gone, has no address: those share one bucket.
  const peer = c.env?.incoming?.socket?.remoteAddress ?? '';
  const own = parseAddress(peer) ?? UNKNOWN_ADDRESS;
  if (settings.TRUST_PROXY < 1 || !isIn(settings.TRUST_PROXY_ADDRESSES, peer)) return own;
  const isProxy = (address: string) => isIn(settings.TRUST_PROXY_ADDRESSES, address);
  return forwardedClient(c.req.header('x-forwarded-for'), settings.TRUST_PROXY, isProxy) ?? own;
}

/**
 * The client as the outermost of `proxies` proxies saw it: the `proxies`-th X-Forwarded-For entry
 * from the right (1: the last). An entry on the way there that is not one of our proxies (`isProxy`)
 * is a client that connected to an inner proxy directly: it is the client. A header with fewer
 * entries did not pass through every proxy (a request sent to an inner proxy, or straight to the
 * server), so no entry in it can be trusted and the socket's address stands instead: taking the
 * leftmost entry would let the sender pick it. The same goes for an entry that is not an address.
 * Several headers count as one list, in order.
 */
export function forwardedClient(header: string | undefined, proxies: number, isProxy: (address: string) => boolean): string | null {
  if (!header || proxies < 1) return null;
  const entries = header.split(',');
  if (entries.length < proxies) return null;
  for (let hop = 1; hop < proxies; hop++) {
    const entry = entries[entries.length - hop]!;
    if (!isProxy(entry)) return parseAddress(entry);
  }
  return parseAddress(entries[entries.length - proxies]!);
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
