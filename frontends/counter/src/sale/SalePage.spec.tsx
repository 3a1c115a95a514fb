/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { axeViolations } from '../testing/axe';
import { BASE, ORGA, STORE, productOf, renderCounter, retailGateway } from '../testing/counter-harness';

const shampoo = () => productOf({ name: 'Shampoo Avena', barcode: '8022767010017', price_cents: 1220, vat_rate_bp: 2200 });
const treats = () => productOf({ name: 'Snack Pollo', barcode: '8000000000011', price_cents: 350, vat_rate_bp: 1000 });

const scan = (code: string) => {
  const field = screen.getByTestId('sale-scan');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.keyDown(field, { key: 'Enter' });
};

describe('counter sale page (issue 32)', () => {
  it('adds lines by scanning, prices them with VAT per rate and discounts, and records the sale with its payment method', async () => {
    const a = shampoo();
    const b = treats();
    const { state, requests } = retailGateway([a, b], {
      [a.id]: { on_hand: 5, reorder_level: 0 },
      [b.id]: { on_hand: 5, reorder_level: 0 },
    });
    const { bridge } = renderCounter(BASE, 'it');
    await screen.findByTestId('sale-empty');
    scan('8022767010017');
    scan('8022767010017');
    scan('snack');
    expect(screen.getByTestId<HTMLInputElement>('line-0-quantity').value).toBe('2');
    fireEvent.change(screen.getByTestId('line-0-discount-kind'), { target: { value: 'percent' } });
    fireEvent.change(screen.getByTestId('line-0-discount'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('line-1-quantity'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('line-1-discount-kind'), { target: { value: 'amount' } });
    fireEvent.change(screen.getByTestId('line-1-discount'), { target: { value: '0,50' } });
    expect(screen.getByTestId('line-0-total').textContent).toMatch(/21,96/);
    expect(screen.getByTestId('line-1-total').textContent).toMatch(/10,00/);
    expect(screen.getByTestId('sale-total').textContent).toMatch(/31,96/);
    expect(screen.getByTestId('sale-totals').textContent).toMatch(/di cui IVA 10 %: 0,91/);
    expect(screen.getByTestId('sale-totals').textContent).toMatch(/di cui IVA 22 %: 3,96/);
    fireEvent.change(screen.getByTestId('sale-payment'), { target: { value: 'card' } });
    fireEvent.click(screen.getByTestId('sale-submit'));
    await waitFor(() => expect(state.sales).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/v1/orga/${ORGA}/store/${STORE}/retail/sale`,
      body: {
        payment_method: 'card',
        lines: [
          { product_id: a.id, quantity: 2, discount: { kind: 'percent', percent: 10 } },
          { product_id: b.id, quantity: 3, discount: { kind: 'amount', cents: 50 } },
        ],
      },
    });
    await screen.findByTestId('sale-empty');
    expect(bridge.notify).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/Vendita registrata: 31,96/));
  });

  it('says when a scan finds nothing, and keeps a discount above its line from being sent', async () => {
    const a = shampoo();
    const { requests } = retailGateway([a], { [a.id]: { on_hand: 5, reorder_level: 0 } });
    renderCounter(BASE, 'en');
    await screen.findByTestId('sale-empty');
    scan('999');
    expect(screen.getByText('No product has the barcode or name 999.')).toBeTruthy();
    scan('8022767010017');
    fireEvent.change(screen.getByTestId('line-0-discount-kind'), { target: { value: 'amount' } });
    fireEvent.change(screen.getByTestId('line-0-discount'), { target: { value: '13' } });
    expect(screen.getByText('A discount is larger than its line.')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('sale-submit').disabled).toBe(true);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows the last unit sold elsewhere as the server says it, in the user language, and keeps the lines', async () => {
    const a = shampoo();
    retailGateway([a], { [a.id]: { on_hand: 0, reorder_level: 0 } });
    const { bridge } = renderCounter(BASE, 'it');
    await screen.findByTestId('sale-empty');
    scan('8022767010017');
    fireEvent.click(screen.getByTestId('sale-submit'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('magazzino')));
    expect(screen.getByTestId('line-0')).toBeTruthy();
  });

  it('shows an empty catalogue, and a failed read with its retry', async () => {
    const { state } = retailGateway([]);
    state.failures = 1;
    renderCounter(BASE, 'fr');
    expect((await screen.findByTestId('error-state')).textContent).toContain('Errore del server.');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText("Aucun produit pour l'instant")).toBeTruthy();
  });

  it('has no axe violations with lines on the sale', async () => {
    const a = shampoo();
    retailGateway([a], { [a.id]: { on_hand: 5, reorder_level: 0 } });
    const { container } = renderCounter(BASE, 'de');
    await screen.findByTestId('sale-empty');
    scan('8022767010017');
    fireEvent.change(screen.getByTestId('line-0-discount-kind'), { target: { value: 'percent' } });
    expect(await axeViolations(container)).toEqual([]);
  });
});
