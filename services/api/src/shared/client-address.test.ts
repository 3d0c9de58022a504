import { describe, expect, it } from 'vitest';
import { clientOf } from './client-address';

describe('the client a rate limit counts', () => {
  it('is the address itself for IPv4, also written as an IPv4-mapped IPv6 address', () => {
    expect(clientOf('198.51.100.7')).toBe('198.51.100.7');
    expect(clientOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('is the /64 for IPv6, however the address is written', () => {
    const client = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:ffff:ffff:ffff:ffff',
      '2001:DB8::1:0:0:0:1',
      '2001:db8:0:1::192.0.2.1',
      '2001:db8:0:1::1%eth0',
    ])
      expect(clientOf(address), address).toBe(client);
    expect(clientOf('2001:db8:0:2::1')).not.toBe(client);
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });

  it('is one shared "unknown" when the address is missing', () => {
    expect(clientOf(undefined)).toBe('unknown');
  });
});
