import { describe, expect, it } from '@jest/globals';
import { canonicalMailbox, clientKey } from './rate-limit.service.js';

describe('budget holders', () => {
  it('one mailbox, however its address is dressed', () => {
    expect(canonicalMailbox('Victim+Promo@Example.com')).toBe('victim@example.com');
    expect(canonicalMailbox('victim+1+2@example.com')).toBe('victim@example.com');
    expect(canonicalMailbox('V.ic.Tim+x@googlemail.com')).toBe('victim@gmail.com');
    expect(canonicalMailbox('v.ictim@gmail.com')).toBe(canonicalMailbox('victim@gmail.com'));
    // Dots matter elsewhere; quoted or odd local parts stay as they are.
    expect(canonicalMailbox('first.last@company.com')).toBe('first.last@company.com');
    expect(canonicalMailbox('"a@b"@example.com')).toBe('"a@b"@example.com');
  });

  it('one client: IPv4 as is (also IPv4-mapped), IPv6 by its /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('not-an-ip')).toBe('unknown');
  });
});
