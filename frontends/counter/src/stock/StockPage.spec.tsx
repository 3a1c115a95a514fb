/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { axeViolations } from '../testing/axe';
import { BASE, ORGA, STORE, productOf, renderCounter, retailGateway } from '../testing/counter-harness';

const scan = (code: string) => {
  const field = screen.getByTestId('stock-scan');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.keyDown(field, { key: 'Enter' });
};

describe('counter stock page (issue 32)', () => {
  it('records a receipt of goods for the product a scan finds and shows the new figure', async () => {
    const shampoo = productOf({ name: 'Shampoo Avena', barcode: '8022767010017', price_cents: 1220 });
    const { requests, state } = retailGateway([shampoo], { [shampoo.id]: { on_hand: 2, reorder_level: 3 } });
    const { bridge } = renderCounter(`${BASE}/stock`, 'it');
    const row = await screen.findByTestId(`stock-${shampoo.id}`);
    expect(within(row).getByText('Scorta bassa')).toBeTruthy();
    scan('8022767010017');
    expect(screen.getByTestId('stock-selected').textContent).toBe('Selezionato: Shampoo Avena, 2 in magazzino');
    fireEvent.change(screen.getByTestId('stock-quantity'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('stock-record'));
    await waitFor(() => expect(state.stock[shampoo.id]?.on_hand).toBe(14));
    expect(requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/v1/orga/${ORGA}/store/${STORE}/retail/stock/receipt`,
      body: { product_id: shampoo.id, quantity: 12 },
    });
    await waitFor(() => expect(within(screen.getByTestId(`stock-${shampoo.id}`)).queryByText('Scorta bassa')).toBeNull());
    expect(bridge.notify).toHaveBeenCalledWith(expect.anything(), 'Shampoo Avena: 14 in magazzino.');
  });

  it('records a count: the counted figure replaces on hand, zero included', async () => {
    const brush = productOf({ name: 'Spazzola', barcode: '4000000000017', price_cents: 999 });
    const { requests, state } = retailGateway([brush], { [brush.id]: { on_hand: 5, reorder_level: 0 } });
    renderCounter(`${BASE}/stock`, 'en');
    await screen.findByTestId(`stock-${brush.id}`);
    fireEvent.change(screen.getByTestId('stock-mode'), { target: { value: 'count' } });
    scan('4000000000017');
    fireEvent.change(screen.getByTestId('stock-quantity'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('stock-record'));
    await waitFor(() => expect(state.stock[brush.id]?.on_hand).toBe(0));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ product_id: brush.id, counted: 0 });
  });

  it('filters the low rows through the route, and says when none is low', async () => {
    const low = productOf({ name: 'Balsamo', price_cents: 1500 });
    const plenty = productOf({ name: 'Collare', price_cents: 2500 });
    const { requests } = retailGateway([low, plenty], {
      [low.id]: { on_hand: 1, reorder_level: 1 },
      [plenty.id]: { on_hand: 9, reorder_level: 1 },
    });
    renderCounter(`${BASE}/stock`, 'de');
    await screen.findByTestId(`stock-${plenty.id}`);
    fireEvent.click(screen.getByLabelText('Nur niedriger Bestand'));
    await waitFor(() => expect(screen.queryByTestId(`stock-${plenty.id}`)).toBeNull());
    expect(await screen.findByTestId(`stock-${low.id}`)).toBeTruthy();
    expect(requests.some((request) => request.path.endsWith('/retail/stock'))).toBe(true);
  });

  it('shows an empty store and a failed read with its retry', async () => {
    const { state } = retailGateway([]);
    state.failures = 1;
    renderCounter(`${BASE}/stock`, 'fr');
    expect((await screen.findByTestId('error-state')).textContent).toContain('Le stock n');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Rien à afficher')).toBeTruthy();
  });

  it('has no axe violations with a product selected', async () => {
    const shampoo = productOf({ name: 'Shampoo Avena', barcode: '8022767010017', price_cents: 1220 });
    retailGateway([shampoo], { [shampoo.id]: { on_hand: 2, reorder_level: 3 } });
    const { container } = renderCounter(`${BASE}/stock`, 'it');
    await screen.findByTestId(`stock-${shampoo.id}`);
    scan('8022767010017');
    expect(await axeViolations(container)).toEqual([]);
  });
});
