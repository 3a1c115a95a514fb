import { checkEndpointUrl, embeddedIpv4, isDeliverableAddress } from './address-check';

const production = { allowLoopback: false };
const tests = { allowLoopback: true };

describe('webhook address check (issue 33, SSRF)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'benchmarking'],
    ['::', 'v6 unspecified'],
    ['::1', 'v6 loopback'],
    ['fe80::1', 'v6 link-local'],
    ['fd00::1', 'v6 unique local'],
    ['fc12:3456::1', 'v6 unique local'],
    ['ff02::1', 'v6 multicast'],
    ['::ffff:127.0.0.1', 'v4-mapped loopback'],
    ['::ffff:10.0.0.1', 'v4-mapped private'],
    ['::ffff:a9fe:a9fe', 'v4-mapped link-local in hex'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:c0a8:0101::1', '6to4 of 192.168.1.1'],
    ['not-an-address', 'not an IP'],
  ])('refuses %s (%s) in production', (address) => {
    expect(isDeliverableAddress(address, production)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '1.1.1.1',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
  ])('lets %s (public) through', (address) => {
    expect(isDeliverableAddress(address, production)).toBe(true);
  });

  it('with WEBHOOKS_ALLOW_LOOPBACK lets only this machine through, never the rest of the private ranges', () => {
    expect(isDeliverableAddress('127.0.0.1', tests)).toBe(true);
    expect(isDeliverableAddress('::1', tests)).toBe(true);
    expect(isDeliverableAddress('::ffff:127.0.0.1', tests)).toBe(true);
    expect(isDeliverableAddress('10.0.0.1', tests)).toBe(false);
    expect(isDeliverableAddress('169.254.169.254', tests)).toBe(false);
    expect(isDeliverableAddress('fd00::1', tests)).toBe(false);
  });

  it('reads the IPv4 address an IPv6 one carries', () => {
    expect(embeddedIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('::ffff:c0a8:1')).toBe('192.168.0.1');
    expect(embeddedIpv4('64:ff9b::7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('2002:7f00:1::')).toBe('127.0.0.1');
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
  });

  it('registers https URLs to names and public addresses only', () => {
    expect(checkEndpointUrl('https://hooks.example.com/pawline', production)).toMatchObject({ ok: true });
    expect(checkEndpointUrl('https://93.184.215.14/in', production)).toMatchObject({ ok: true });
    expect(checkEndpointUrl('http://hooks.example.com/pawline', production)).toEqual({
      ok: false,
      reason: 'the URL must start with https://',
    });
    expect(checkEndpointUrl('https://10.0.0.5/in', production)).toEqual({ ok: false, reason: 'a private or reserved address' });
    expect(checkEndpointUrl('https://[::1]/in', production)).toEqual({ ok: false, reason: 'a private or reserved address' });
    expect(checkEndpointUrl('https://[::ffff:169.254.169.254]/in', production)).toMatchObject({ ok: false });
    expect(checkEndpointUrl('https://localhost/in', production)).toEqual({ ok: false, reason: 'a private or reserved address' });
    expect(checkEndpointUrl('https://user:pw@hooks.example.com/', production)).toMatchObject({ ok: false });
    expect(checkEndpointUrl('ftp://hooks.example.com/', production)).toMatchObject({ ok: false });
    expect(checkEndpointUrl('no url', production)).toEqual({ ok: false, reason: 'not a URL' });
  });

  it('takes http to this machine only with WEBHOOKS_ALLOW_LOOPBACK', () => {
    expect(checkEndpointUrl('http://127.0.0.1:4567/hook', tests)).toMatchObject({ ok: true });
    expect(checkEndpointUrl('http://localhost:4567/hook', tests)).toMatchObject({ ok: true });
    expect(checkEndpointUrl('http://[::1]:4567/hook', tests)).toMatchObject({ ok: true });
    expect(checkEndpointUrl('http://hooks.example.com/', tests)).toMatchObject({ ok: false });
    expect(checkEndpointUrl('http://10.0.0.1/', tests)).toMatchObject({ ok: false });
    expect(checkEndpointUrl('http://127.0.0.1:4567/hook', production)).toMatchObject({ ok: false });
  });
});
