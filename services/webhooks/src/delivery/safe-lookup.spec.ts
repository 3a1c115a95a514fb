import type { LookupAddress } from 'node:dns';
import { ForbiddenAddressError, safeLookup } from './safe-lookup';

type Answer = { error: Error | null; address: string | LookupAddress[]; family?: number };

/** The socket's view: what the lookup answers for a host, with a resolver that answers `addresses`. */
function resolveWith(addresses: LookupAddress[], policy = { allowLoopback: false }, all = false): (host: string) => Promise<Answer> {
  const lookup = safeLookup(policy, (_host, _options, callback) => callback(null, addresses));
  return (host) =>
    new Promise((resolve) => {
      lookup(host, { all }, (error, address, family) => resolve({ error, address, family }));
    });
}

describe('safeLookup: the address is checked where the socket connects', () => {
  it('answers a public address as the socket asked (one, or all for happy eyeballs)', async () => {
    const addresses = [{ address: '93.184.215.14', family: 4 }];
    expect(await resolveWith(addresses)('hooks.example.com')).toEqual({ error: null, address: '93.184.215.14', family: 4 });
    expect(await resolveWith(addresses, undefined, true)('hooks.example.com')).toEqual({
      error: null,
      address: addresses,
      family: undefined,
    });
  });

  it('refuses a name that resolves inside (DNS rebinding), even when one of its answers is public', async () => {
    const inside = await resolveWith([{ address: '10.0.0.7', family: 4 }])('hooks.example.com');
    expect(inside.error).toBeInstanceOf(ForbiddenAddressError);
    const mixed = await resolveWith([
      { address: '93.184.215.14', family: 4 },
      { address: '::ffff:169.254.169.254', family: 6 },
    ])('hooks.example.com');
    expect(mixed.error?.message).toBe('hooks.example.com resolves to ::ffff:169.254.169.254, a private or reserved address');
  });

  it('checks a literal address without asking the resolver', async () => {
    expect((await resolveWith([{ address: '93.184.215.14', family: 4 }])('127.0.0.1')).error).toBeInstanceOf(ForbiddenAddressError);
    expect(await resolveWith([], { allowLoopback: true })('127.0.0.1')).toEqual({ error: null, address: '127.0.0.1', family: 4 });
  });

  it('passes the loopback address only with the explicit flag', async () => {
    const local = [{ address: '127.0.0.1', family: 4 }];
    expect((await resolveWith(local)('localhost')).error).toBeInstanceOf(ForbiddenAddressError);
    expect((await resolveWith(local, { allowLoopback: true })('localhost')).error).toBeNull();
  });
});
