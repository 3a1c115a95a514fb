/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BASE, FakeBookingGateway, mountBooking } from '../testing/booking-harness';

const PATH = `${BASE}/agreement`;

describe('R1.08 the service agreement screen of online booking (issue 31)', () => {
  it('shows a loading state while the agreement is read', async () => {
    const gateway = new FakeBookingGateway();
    gateway.hang = /agreement$/;
    mountBooking({ path: PATH, gateway });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
  });

  it('says so in the user language when the agreement cannot be loaded', async () => {
    const gateway = new FakeBookingGateway();
    gateway.failures.push({ method: 'GET', path: /agreement$/, status: 500, body: { code: 'internal', message: 'Errore' } });
    mountBooking({ path: PATH, gateway, language: 'it' });
    expect(await screen.findByText('Non è stato possibile caricare i dati delle prenotazioni.')).toBeTruthy();
  });

  it('publishes the first version in two languages, then refuses the same words again', async () => {
    const gateway = new FakeBookingGateway();
    const { requests, bridge } = mountBooking({ path: PATH, gateway });
    expect(await screen.findByText('No agreement yet: customers are not asked to accept one.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('agreement-publish'));
    expect(await screen.findByText('Write the agreement in one language at least.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('agreement-text'), { target: { value: 'Pets must be vaccinated.' } });
    fireEvent.change(screen.getByTestId('agreement-language'), { target: { value: 'it' } });
    expect(screen.getByTestId<HTMLTextAreaElement>('agreement-text').value).toBe('');
    fireEvent.change(screen.getByTestId('agreement-text'), { target: { value: 'Gli animali devono essere vaccinati.' } });
    fireEvent.click(screen.getByTestId('agreement-publish'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, 'Version 1 published: customers will be asked to accept it.'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { texts: { en: 'Pets must be vaccinated.', it: 'Gli animali devono essere vaccinati.' } },
    ]);
    expect(await screen.findByText(/^Version 1, published/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('agreement-publish'));
    expect(await screen.findByText('Nothing changed since the current version.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('a worker reads the agreement but cannot publish', async () => {
    const gateway = new FakeBookingGateway();
    gateway.agreements.push({
      store_id: 'x',
      version: 3,
      texts: { en: 'Be on time.' },
      published_at: '2026-12-01T10:00:00.000Z',
      published_by: null,
    });
    mountBooking({ path: PATH, gateway, rank: 3 });
    expect(await screen.findByTestId('read-only-note')).toBeTruthy();
    expect(screen.getByTestId<HTMLTextAreaElement>('agreement-text').value).toBe('Be on time.');
    expect(screen.queryByTestId('agreement-publish')).toBeNull();
  });
});
