import { describe, expect, it } from 'vitest';
import { forwardedClient, parseAddress } from './client-address.ts';

describe('parseAddress', () => {
  it('keeps IPv4 addresses and drops a port', () => {
    expect(parseAddress(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(parseAddress('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(parseAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('reduces IPv6 addresses to their /64, in one spelling', () => {
    expect(parseAddress('2001:db8:0001:0002:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(parseAddress('[2001:DB8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
    expect(parseAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(parseAddress('::1')).toBe('0:0:0:0::/64');
    expect(parseAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(parseAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('refuses anything that is not an address', () => {
    for (const raw of ['', 'unknown', 'example.com', '999.1.1.1', '1.2.3', `${'1'.repeat(70)}`, '<script>'])
      expect(parseAddress(raw), raw).toBeNull();
  });
});

/** Every entry on the way in is one of our proxies. */
const anyProxy = () => true;

describe('forwardedClient', () => {
  it('takes the N-th entry from the right for N proxies', () => {
    expect(forwardedClient('203.0.113.9', 1, anyProxy)).toBe('203.0.113.9');
    expect(forwardedClient('198.51.100.1, 203.0.113.9', 1, anyProxy)).toBe('203.0.113.9');
    expect(forwardedClient('198.51.100.1, 203.0.113.9, 10.0.0.2', 2, anyProxy)).toBe('203.0.113.9');
    expect(forwardedClient('198.51.100.1,203.0.113.9 , 10.0.0.2', 3, anyProxy)).toBe('198.51.100.1');
    expect(forwardedClient('[2001:db8:1:2::9]:443, 10.0.0.2', 2, anyProxy)).toBe('2001:db8:1:2::/64');
  });

  it('never lets a forged leading entry pick the address', () => {
    for (let forged = 0; forged < 5; forged++) {
      const header = [...Array.from({ length: forged }, (_, i) => `192.0.2.${i}`), '203.0.113.9', '10.0.0.2'].join(', ');
      expect(forwardedClient(header, 2, anyProxy), header).toBe('203.0.113.9');
    }
  });

  it('gives nothing when fewer entries than proxies arrived, or the entry is not an address', () => {
    expect(forwardedClient('203.0.113.9', 2, anyProxy)).toBeNull();
    expect(forwardedClient('203.0.113.9, 10.0.0.2', 3, anyProxy)).toBeNull();
    expect(forwardedClient('203.0.113.9, not-an-address', 1, anyProxy)).toBeNull();
    expect(forwardedClient('203.0.113.9, ', 1, anyProxy)).toBeNull();
    expect(forwardedClient(undefined, 1, anyProxy)).toBeNull();
    expect(forwardedClient('', 1, anyProxy)).toBeNull();
    expect(forwardedClient('203.0.113.9', 0, anyProxy)).toBeNull();
  });

  it('stops at the first entry on the way in that is not one of the proxies: that one connected directly', () => {
    const isProxy = (address: string) => address.trim().startsWith('10.');
    expect(forwardedClient('192.0.2.1, 203.0.113.9, 10.0.0.2', 2, isProxy)).toBe('203.0.113.9');
    expect(forwardedClient('192.0.2.1, 198.51.100.77', 2, isProxy)).toBe('198.51.100.77');
    expect(forwardedClient('192.0.2.1, 203.0.113.9, 10.0.0.3, 10.0.0.2', 3, isProxy)).toBe('203.0.113.9');
    expect(forwardedClient('192.0.2.1, 203.0.113.9, 198.51.100.5, 10.0.0.2', 3, isProxy)).toBe('198.51.100.5');
  });
});
