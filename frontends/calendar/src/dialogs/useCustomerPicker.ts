import { useApiQuery } from '@pawline/api-client';
import type { Pet, PetCard } from '@pawline/contracts';
import { useEffect, useRef, useState } from 'react';
import type { StoreParams } from '../api/scheduling-api';

export type ChosenCustomer = { id: string; first_name: string; last_name: string };

export const CUSTOMER_SEARCH_DELAY_MS = 250;

/** The text after the user stopped typing for `delay` ms. */
export function useSettled(text: string, delay: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

/** The owner an edited appointment's pets name (their cards), or null. */
export function ownerOf(cards: readonly PetCard[]): ChosenCustomer | null {
  const first = cards[0];
  return first ? { id: first.customer_id, first_name: first.customer_first_name, last_name: first.customer_last_name } : null;
}

/**
 * The dialog's customer and pets (crm): a search from two letters on, then the chosen customer's pets;
 * editing starts from the owner of the appointment's pets. Choosing a customer with one pet picks it.
 */
export function useCustomerPicker(
  at: StoreParams,
  cards: readonly PetCard[],
  onOnlyPet: (pet: Pet, owner: ChosenCustomer) => void,
  /** a new appointment for this customer (the Book link of the customer page) */
  customerId: string | null = null,
  /** the link named no pet: a customer with one pet has it picked, as choosing them does */
  pickOnlyPet = false,
) {
  // undefined: not changed by the user, the appointment's owner (its cards may arrive after the dialog opens)
  const [chosen, setChosen] = useState<ChosenCustomer | null | undefined>(undefined);
  const linked = useApiQuery('getCustomer', { params: { ...at, id: customerId ?? '' } }, { enabled: customerId !== null });
  const fromLink = linked.data ? linked.data.customer : null;
  const customer = chosen === undefined ? (ownerOf(cards) ?? fromLink) : chosen;
  const [query, setQuery] = useState('');
  const q = useSettled(query.trim(), CUSTOMER_SEARCH_DELAY_MS);
  const searching = customer === null && q.length >= 2;
  const search = useApiQuery('listCustomers', { params: at, query: { q, limit: 10 } }, { enabled: searching });
  const owned = useApiQuery('listPets', { params: at, query: { customer_id: customer?.id } }, { enabled: customer !== null });
  // the customer whose only pet is picked when their pets arrive: one just chosen, or the Book link's
  const picked = useRef<string | null>(pickOnlyPet ? customerId : null);

  useEffect(() => {
    const items = owned.data?.items;
    if (!customer || picked.current !== customer.id || !items) return;
    picked.current = null;
    const only = items.length === 1 ? items[0] : undefined;
    if (only) onOnlyPet(only, customer);
  }, [owned.data, customer, onOnlyPet]);

  return {
    customer,
    query,
    setQuery,
    /**
     * null: nothing asked (or the term's first answer still coming); [] nothing found. A refresh of the same term
     * (a realtime change of customers) keeps the list shown, so an option never vanishes under the pointer.
     */
    found: searching && !search.isPending ? (search.data?.items ?? (search.isError ? [] : null)) : null,
    pets: customer ? (owned.data?.items ?? []) : [],
    choose: (next: ChosenCustomer) => {
      picked.current = next.id;
      setChosen(next);
    },
    clear: () => setChosen(null),
    /** the Book link named a customer that is still being read */
    linking: customerId !== null && chosen === undefined && linked.isPending,
  };
}
