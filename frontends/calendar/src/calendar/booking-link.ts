/** The clients remote's Book link (`?book_customer=…&book_pet=…`): which customer and pet the new appointment is for. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type BookingLink = { customerId: string; petId: string | null };

/** The Book link's customer and pet, when they are ids (anything else opens the calendar alone). */
export function bookingLinkOf(search: URLSearchParams): BookingLink | null {
  const customerId = search.get('book_customer') ?? '';
  const petId = search.get('book_pet');
  if (!UUID.test(customerId)) return null;
  return { customerId, petId: petId && UUID.test(petId) ? petId : null };
}

/** Issue 29 the command palette's link to an appointment (`?day=…&appointment=<id>`): its id, when it is one. */
export function appointmentLinkOf(search: URLSearchParams): string | null {
  const id = search.get('appointment') ?? '';
  return UUID.test(id) ? id : null;
}
