import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group.js';

describe('addressGroup', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['127.0.0.1', '127.0.0.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::ffff:c000:201', '192.0.2.1'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['not an address', 'not an address'],
  ])('counts %j as %j', (ip, group) => {
    expect(addressGroup(ip)).toBe(group);
  });

  it('puts every address of one /64 in one group, and the next /64 in another', () => {
    const groups = new Set(
      Array.from({ length: 50 }, (_, i) =>
        addressGroup(`2001:db8:aa:bb:${i.toString(16)}:1:2:${(i * 7).toString(16)}`),
      ),
    );
    expect([...groups]).toEqual(['2001:db8:aa:bb::/64']);
    expect(addressGroup('2001:db8:aa:bc::1')).not.toBe('2001:db8:aa:bb::/64');
  });
});
