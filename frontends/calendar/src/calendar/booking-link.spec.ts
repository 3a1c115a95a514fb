import { appointmentLinkOf, bookingLinkOf } from './booking-link';

const CUSTOMER = '0f8e6a7c-2b1d-4c3e-9f0a-1b2c3d4e5f60';
const PET = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe("the clients remote's Book link (issue 26)", () => {
  it('reads the customer and the pet when both are ids', () => {
    expect(bookingLinkOf(new URLSearchParams({ book_customer: CUSTOMER, book_pet: PET }))).toEqual({ customerId: CUSTOMER, petId: PET });
  });

  it('keeps the customer without a pet, and drops a pet that is not an id', () => {
    expect(bookingLinkOf(new URLSearchParams({ book_customer: CUSTOMER }))).toEqual({ customerId: CUSTOMER, petId: null });
    expect(bookingLinkOf(new URLSearchParams({ book_customer: CUSTOMER, book_pet: 'fido' }))).toEqual({
      customerId: CUSTOMER,
      petId: null,
    });
  });

  it('opens the calendar alone for anything else', () => {
    expect(bookingLinkOf(new URLSearchParams())).toBeNull();
    expect(bookingLinkOf(new URLSearchParams({ book_customer: 'Maria Rossi', book_pet: PET }))).toBeNull();
  });
});

describe("the command palette's appointment link (issue 29)", () => {
  it('reads the appointment when it is an id, else nothing', () => {
    expect(appointmentLinkOf(new URLSearchParams({ day: '2026-12-09', appointment: PET }))).toBe(PET);
    expect(appointmentLinkOf(new URLSearchParams({ appointment: 'latest' }))).toBeNull();
    expect(appointmentLinkOf(new URLSearchParams())).toBeNull();
  });
});
