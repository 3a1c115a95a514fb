/** @jest-environment jsdom */
import { appointmentOf } from '@pawline/api-client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { axeViolations } from '../testing/axe';
import { BASE, GROOMER, ORGA, STORE, productOf, renderCounter, retailGateway } from '../testing/counter-harness';

const APPOINTMENT = '55555555-5555-4555-8555-555555555555';
const shampoo = () => productOf({ name: 'Shampoo Avena', barcode: '8022767010017', price_cents: 1220, vat_rate_bp: 2200 });

const scan = (code: string) => {
  const field = screen.getByTestId('sale-scan');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.keyDown(field, { key: 'Enter' });
};

function gatewayWithAppointment(fields: Partial<ReturnType<typeof appointmentOf>> = {}) {
  const a = shampoo();
  const gateway = retailGateway([a], { [a.id]: { on_hand: 3, reorder_level: 0 } });
  gateway.state.appointment = appointmentOf({
    id: APPOINTMENT,
    orga_id: ORGA,
    store_id: STORE,
    user_id: GROOMER,
    price: 5000,
    discount: 0,
    ...fields,
  });
  gateway.state.treatments = ['Bagno e taglio'];
  return { ...gateway, shampoo: a };
}

describe('check-out of an appointment at the counter (issue 32)', () => {
  it("sells the appointment's service and a shampoo with a tip for its groomer, then offers the receipt", async () => {
    const { state, requests, shampoo: a } = gatewayWithAppointment();
    const { bridge } = renderCounter(`${BASE}?appointment=${APPOINTMENT}`, 'it');
    expect((await screen.findByTestId('checkout-service-name')).textContent).toBe('Servizio: Bagno e taglio');
    expect(screen.getByText('Toelettatore: Bruno Zampè')).toBeTruthy();
    scan('8022767010017');
    fireEvent.change(screen.getByTestId('checkout-tip'), { target: { value: '5' } });
    // 50 € and 12,20 € with 22 % VAT inside: 11,22 € of VAT
    expect(screen.getByTestId('service-total').textContent).toMatch(/50,00/);
    expect(screen.getByTestId('sale-total').textContent).toMatch(/62,20/);
    expect(screen.getByTestId('sale-totals').textContent).toMatch(/di cui IVA 22 %: 11,22/);
    fireEvent.click(screen.getByTestId('sale-submit'));
    await waitFor(() => expect(state.sales).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      payment_method: 'cash',
      lines: [{ product_id: a.id, quantity: 1 }],
      appointment_id: APPOINTMENT,
      service_vat_rate_bp: 2200,
      tips: [{ user_id: GROOMER, cents: 500 }],
    });
    const last = await screen.findByTestId('last-sale');
    expect(last.textContent).toMatch(/Ultima vendita: 62,20\s€, pagato 67,20\s€/);
    expect(last.textContent).toContain('Documento commerciale SANDBOX-0001');
    expect(bridge.notify).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/Chiuso in cassa: 62,20/));
    // the check-out leaves the address: the next sale is a walk-in
    expect(await screen.findByTestId('sale-empty')).toBeTruthy();
    expect(screen.queryByTestId('checkout-service')).toBeNull();
    const created = jest.fn(() => 'blob:receipt');
    const opened = jest.fn(() => null);
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    window.open = opened;
    fireEvent.click(screen.getByTestId('receipt-print'));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('blob:receipt', '_blank', 'noopener'));
    expect(
      requests.some((request) => request.path === `/api/v1/orga/${ORGA}/store/${STORE}/retail/sale/${state.sales[0]?.id}/receipt.pdf`),
    ).toBe(true);
  });

  it('a percentage discount on the service replaces the booked one; a tip that is not an amount keeps the button off', async () => {
    const { requests } = gatewayWithAppointment({ discount: 500 });
    renderCounter(`${BASE}?appointment=${APPOINTMENT}`, 'en');
    await screen.findByTestId('checkout-service');
    expect(screen.getByTestId('service-total').textContent).toMatch(/45\.00/);
    fireEvent.change(screen.getByTestId('service-discount-kind'), { target: { value: 'percent' } });
    fireEvent.change(screen.getByTestId('service-discount'), { target: { value: '20' } });
    expect(screen.getByTestId('service-total').textContent).toMatch(/40\.00/);
    fireEvent.change(screen.getByTestId('checkout-tip'), { target: { value: 'five' } });
    expect(screen.getByText('Please enter a tip, e.g. 5 or 2,50.')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('sale-submit').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('checkout-tip'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('sale-submit'));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      service_discount: { kind: 'percent', percent: 20 },
      tips: [],
      lines: [],
    });
  });

  it('says when the appointment is already checked out, and when it cannot be read', async () => {
    gatewayWithAppointment({ checked_out: true });
    renderCounter(`${BASE}?appointment=${APPOINTMENT}`, 'de');
    expect((await screen.findByTestId('checkout-already')).textContent).toBe('Dieser Termin wurde bereits abgerechnet.');
  });

  it('shows a failed read of the appointment with its error', async () => {
    const { state } = gatewayWithAppointment();
    state.appointment = null;
    renderCounter(`${BASE}?appointment=${APPOINTMENT}`, 'fr');
    expect((await screen.findByTestId('error-state')).textContent).toContain('Le rendez-vous n’a pas pu être chargé.');
  });

  it('has no axe violations with the service, a product and a tip', async () => {
    gatewayWithAppointment();
    const { container } = renderCounter(`${BASE}?appointment=${APPOINTMENT}`, 'de');
    await screen.findByTestId('checkout-service');
    scan('8022767010017');
    fireEvent.change(screen.getByTestId('checkout-tip'), { target: { value: '2,50' } });
    expect(await axeViolations(container)).toEqual([]);
  });
});
