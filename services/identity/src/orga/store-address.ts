/** The parts of a postal address identity keeps (a store's own, or its organization's). */
export type AddressParts = { address: string | null; zipCode: string | null; city: string | null };

/**
 * A store's address on one line, as other services show it to customers (messaging's booking confirmation,
 * issue 27): the organization's when the store uses it (address_from_orga), null when nothing is known.
 */
export function storeAddressLine(store: AddressParts & { addressFromOrga: boolean }, orga: AddressParts | null): string | null {
  const source = store.addressFromOrga ? orga : store;
  if (!source) return null;
  const place = [source.zipCode, source.city]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const line = [source.address?.trim() ?? '', place].filter(Boolean).join(', ');
  return line === '' ? null : line.slice(0, 300);
}
