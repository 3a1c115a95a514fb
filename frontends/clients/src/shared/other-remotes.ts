// Where this remote sends people in the other remotes: by route only (a remote never imports another).

/**
 * Where the calendar opens its new-appointment dialog for this customer (issue 29): the store's calendar with
 * `?book_customer=` (the calendar remote reads it; a pet adds `&book_pet=`).
 */
export function bookingPath(orgaId: string, storeId: string, customerId: string, petId?: string): string {
  const query = new URLSearchParams({ book_customer: customerId, ...(petId ? { book_pet: petId } : {}) });
  return `/${orgaId}/store/${storeId}?${query.toString()}`;
}

/** The messages remote's conversation with this customer. */
export function conversationPath(orgaId: string, storeId: string, customerId: string): string {
  return `/${orgaId}/store/${storeId}/messages/customer/${customerId}`;
}
