// Lists of addresses and CIDR ranges in settings (METRICS_ADDRESSES), checked and matched.
import { BlockList, isIP } from 'node:net';

/** An address, or an address and a prefix length: '10.0.0.5', '10.0.0.0/8', '::1', 'fd00::/8'. */
export function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** A matcher for checked entries; an IPv4 address as IPv6 (::ffff:10.0.0.5) matches as IPv4. */
export function addressMatcher(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.)/, '');
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
}
