/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BASE, FakeBookingGateway, mountBooking, ORGA, slotRow, STORE } from '../testing/booking-harness';

const LIST = `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/slots/`;

function gatewayWith(count: number) {
  const gateway = new FakeBookingGateway();
  gateway.slots = Array.from({ length: count }, (_, i) => slotRow(i));
  return gateway;
}

describe('booking requests', () => {
  it('shows a loading state while the requests come', async () => {
    const gateway = new FakeBookingGateway();
    gateway.hang = /slots/;
    mountBooking({ path: BASE, gateway });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
  });

  it('shows a clear empty state', async () => {
    mountBooking({ path: BASE });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No booking requests');
  });

  it('shows a failed load with the server’s reason and reads again on retry', async () => {
    const gateway = gatewayWith(1);
    gateway.failures.push({
      method: 'GET',
      path: /slots/,
      status: 503,
      body: { code: 'unavailable', message: 'Il servizio non è disponibile.' },
      // the data layer tries a service that is away twice
      times: 2,
    });
    mountBooking({ path: BASE, gateway, language: 'it' });
    expect((await screen.findByTestId('error-state')).textContent).toContain('Il servizio non è disponibile.');
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Maria Bianchi 0')).toBeTruthy();
  });

  it('R1.09 R3.10 shows date and time, groomer, pets, treatment names, customer contacts, notes and consents', async () => {
    const gateway = gatewayWith(1);
    const { requests } = mountBooking({ path: BASE, gateway });
    const row = await screen.findByTestId(`request-${slotRow(0).id}`);
    expect(within(row).getByTestId('slot-when').textContent).toBe('Nov 26, 2026, 3:30 PM');
    expect(row.textContent).toContain('Gino Verdi');
    expect(within(row).getByTestId('slot-pet').textContent).toBe('Fido 0 Dog · Poodle · Medium · long coat · new pet');
    await waitFor(() => expect(within(row).getByTestId('slot-treatments').textContent).toBe('Bath, Haircut'));
    const customer = within(row).getByTestId('slot-customer').textContent;
    expect(customer).toContain('Maria Bianchi 0');
    expect(customer).toContain('New customer');
    expect(customer).toContain('+39 333 1234567');
    expect(customer).toContain('maria@example.com');
    expect(within(row).getByTestId('slot-notes').textContent).toBe('Please be gentle 0');
    expect(within(row).getByTestId('slot-consents').textContent).toBe('Consents: messages, marketing');
    expect(requests[0].path).toBe(`${LIST}0/none`);
  });

  it('R1.09 accepts a request: POST …/slot/{id}/accept, then it leaves the list', async () => {
    const gateway = gatewayWith(2);
    const { requests, bridge } = mountBooking({ path: BASE, gateway });
    const row = await screen.findByTestId(`request-${slotRow(1).id}`);
    fireEvent.click(within(row).getByRole('button', { name: 'Accept: Maria Bianchi 1' }));
    await waitFor(() => expect(screen.queryByTestId(`request-${slotRow(1).id}`)).toBeNull());
    expect(
      requests.some(
        (r) => r.method === 'POST' && r.path === `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/slot/${slotRow(1).id}/accept`,
      ),
    ).toBe(true);
    expect(gateway.slots[1].status).toBe('accepted');
    expect(bridge.notify).toHaveBeenCalledWith(2, 'Request accepted: the appointment for Maria Bianchi 1 is in the calendar.');
    expect(screen.getByTestId(`request-${slotRow(0).id}`)).toBeTruthy();
  });

  it('R1.09 an accept the server refuses stays in the list and shows the reason', async () => {
    const gateway = gatewayWith(1);
    gateway.failures.push({
      method: 'POST',
      path: /accept$/,
      status: 409,
      body: { code: 'slot_taken', message: 'Quell’orario è già occupato.' },
    });
    const { bridge } = mountBooking({ path: BASE, gateway, language: 'it' });
    fireEvent.click(await screen.findByTestId('slot-accept'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(0, 'Quell’orario è già occupato.'));
    expect(screen.getByTestId(`request-${slotRow(0).id}`)).toBeTruthy();
    expect(gateway.slots[0].status).toBe('pending');
  });

  it('R1.09 deletes a request after a dialog that says the customer will not be notified', async () => {
    const gateway = gatewayWith(1);
    const { requests } = mountBooking({ path: BASE, gateway });
    fireEvent.click(await screen.findByTestId('slot-delete'));
    expect((await screen.findByTestId('delete-warning')).textContent).toBe(
      'The time becomes free again. The customer will not be notified.',
    );
    // nothing is sent before the confirmation
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId(`request-${slotRow(0).id}`)).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/slot/${slotRow(0).id}`,
    ]);
    expect(gateway.slots[0].status).toBe('deleted');
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
  });

  it('issue 27 R1.09 declines a request after a dialog that says the customer is told: POST …/slot/{id}/decline, not DELETE', async () => {
    const gateway = gatewayWith(2);
    const { requests, bridge } = mountBooking({ path: BASE, gateway });
    const row = await screen.findByTestId(`request-${slotRow(1).id}`);
    // beside it, Delete names that it sends nothing
    expect(within(row).getByTestId('slot-delete').textContent).toBe('Delete (no message)');
    fireEvent.click(within(row).getByRole('button', { name: 'Decline: Maria Bianchi 1' }));
    expect((await screen.findByTestId('decline-warning')).textContent).toBe(
      'The time becomes free again. The customer is told that the time is not possible, with the link to book again.',
    );
    expect(screen.queryByTestId('delete-warning')).toBeNull();
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/decline'))).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.queryByTestId(`request-${slotRow(1).id}`)).toBeNull());
    expect(requests.filter((r) => r.method === 'POST' && r.path.endsWith('/decline')).map((r) => r.path)).toEqual([
      `/api/v1/orga/${ORGA}/store/${STORE}/booking/admin/slot/${slotRow(1).id}/decline`,
    ]);
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(gateway.slots[1].status).toBe('deleted');
    expect(bridge.notify).toHaveBeenCalledWith(2, 'Request declined: the customer is told that the time is not possible.');
    expect(screen.getByTestId(`request-${slotRow(0).id}`)).toBeTruthy();
  });

  it('issue 27 a decline the server refuses keeps the request and shows the reason in the user’s language', async () => {
    const gateway = gatewayWith(1);
    gateway.failures.push({
      method: 'POST',
      path: /decline$/,
      status: 404,
      body: { code: 'not_found', message: 'Richiesta non trovata.' },
    });
    const { bridge } = mountBooking({ path: BASE, gateway, language: 'it' });
    fireEvent.click(await screen.findByTestId('slot-decline'));
    expect((await screen.findByTestId('decline-warning')).textContent).toBe(
      "L'orario torna libero. Al cliente viene comunicato che l'orario non è possibile, con il link per prenotare di nuovo.",
    );
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(0, 'Richiesta non trovata.'));
    expect(screen.getByTestId(`request-${slotRow(0).id}`)).toBeTruthy();
    expect(gateway.slots[0].status).toBe('pending');
  });

  it('cancelling the delete dialog keeps the request', async () => {
    const gateway = gatewayWith(1);
    const { requests } = mountBooking({ path: BASE, gateway });
    fireEvent.click(await screen.findByTestId('slot-delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('delete-warning')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(gateway.slots[0].status).toBe('pending');
  });

  it('R6.03 staff below the store write rank see the requests without Accept, Decline or Delete', async () => {
    mountBooking({ path: BASE, gateway: gatewayWith(1), rank: 4, minRankWriteStore: 3 });
    await screen.findByTestId(`request-${slotRow(0).id}`);
    expect(screen.queryByTestId('slot-accept')).toBeNull();
    expect(screen.queryByTestId('slot-delete')).toBeNull();
    expect(screen.queryByTestId('slot-decline')).toBeNull();
    expect(screen.getByTestId('read-only-note')).toBeTruthy();
  });

  it('R4.19 a customer_booking reads the requests again, the new one first; accepted or deleted elsewhere removes it', async () => {
    const gateway = gatewayWith(1);
    const { emit, requests } = mountBooking({ path: BASE, gateway });
    await screen.findByTestId(`request-${slotRow(0).id}`);
    const fresh = slotRow(9, { created_time: Date.UTC(2026, 10, 24, 12), last_name: 'Nuova' });
    gateway.slots.push(fresh);
    emit({ scope: 'slot', event: 'customer_booking', data: fresh.id });
    const added = await screen.findByTestId(`request-${fresh.id}`);
    expect(requests.filter((r) => r.path === `${LIST}0/none`)).toHaveLength(2);
    expect(within(screen.getByTestId('requests')).getAllByRole('row')[1]).toBe(added);
    // the same event twice shows it once
    emit({ scope: 'slot', event: 'customer_booking', data: fresh.id });
    await waitFor(() => expect(requests.filter((r) => r.path === `${LIST}0/none`)).toHaveLength(3));
    expect(screen.getAllByTestId(`request-${fresh.id}`)).toHaveLength(1);
    gateway.slots[1].status = 'accepted';
    emit({ scope: 'slot', event: 'accepted', data: fresh.id });
    await waitFor(() => expect(screen.queryByTestId(`request-${fresh.id}`)).toBeNull());
    gateway.slots[0].status = 'deleted';
    emit({ scope: 'slot', event: 'deleted', data: slotRow(0).id });
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
  });

  it('R4.19 events of another store or another scope change nothing', async () => {
    const gateway = gatewayWith(1);
    const { emit, requests } = mountBooking({ path: BASE, gateway });
    await screen.findByTestId(`request-${slotRow(0).id}`);
    const count = requests.length;
    emit({ scope: 'slot', event: 'deleted', data: slotRow(0).id, store_id: '99999999-9999-4999-8999-999999999999' });
    emit({ scope: 'appointment', event: 'deleted', data: slotRow(0).id });
    emit({ scope: 'slot', event: 'customer_booking', data: slotRow(5).id, store_id: '99999999-9999-4999-8999-999999999999' });
    expect(screen.getByTestId(`request-${slotRow(0).id}`)).toBeTruthy();
    expect(requests).toHaveLength(count);
  });

  it('R9.05 R4.22 pages by 100 after the last request’s created_time and id, Load more until a page is short', async () => {
    const gateway = gatewayWith(150);
    const { requests } = mountBooking({ path: BASE, gateway });
    await screen.findByText('Maria Bianchi 99');
    expect(screen.queryByText('Maria Bianchi 100')).toBeNull();
    fireEvent.click(screen.getByTestId('load-more'));
    expect(await screen.findByText('Maria Bianchi 149')).toBeTruthy();
    const last = slotRow(99);
    expect(requests.filter((r) => r.path.startsWith(LIST)).map((r) => r.path)).toEqual([
      `${LIST}0/none`,
      `${LIST}${last.created_time}/${last.id}`,
    ]);
    expect(screen.queryByTestId('load-more')).toBeNull();
  }, 30_000);
});
