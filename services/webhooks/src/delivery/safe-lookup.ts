import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isDeliverableAddress, type AddressPolicy } from './address-check';

export class ForbiddenAddressError extends Error {
  readonly code = 'EWEBHOOKADDRESS';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or reserved address`);
  }
}

type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * The socket's own name lookup (http.request's `lookup`): the connection goes to an address this
 * function checked, in the same step, so a name that resolves outside when registered and inside later
 * (DNS rebinding) is refused when it matters. One forbidden address among the answers refuses them all:
 * the connection may try each of them (happy eyeballs).
 */
export function safeLookup(policy: AddressPolicy, resolve: Resolve = dnsLookup): LookupFunction {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: (...args: never[]) => void) => {
    const answer = callback as unknown as (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
    const finish = (addresses: LookupAddress[]) => {
      const refused = addresses.find((entry) => !isDeliverableAddress(entry.address, policy));
      if (refused || addresses.length === 0) {
        answer(new ForbiddenAddressError(hostname, refused?.address ?? 'nothing'), '');
        return;
      }
      if ((options as LookupAllOptions).all) answer(null, addresses);
      else answer(null, addresses[0]?.address ?? '', addresses[0]?.family);
    };
    const family = isIP(hostname);
    if (family !== 0) {
      finish([{ address: hostname, family }]);
      return;
    }
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) answer(error, '');
      else finish(addresses);
    });
  };
}
