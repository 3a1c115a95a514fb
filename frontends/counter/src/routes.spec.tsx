/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { BASE, productOf, renderCounter, retailGateway } from './testing/counter-harness';

describe('counter routes', () => {
  it('shows the sale page with its tabs in the user language', async () => {
    retailGateway([productOf({ name: 'Shampoo', price_cents: 1220 })]);
    renderCounter(BASE, 'it');
    const tabs = screen.getByTestId('counter-tabs');
    expect(within(tabs).getByText('Vendita')).toBeTruthy();
    expect(within(tabs).getByText('Magazzino')).toBeTruthy();
    expect(within(tabs).getByText('Prodotti')).toBeTruthy();
    expect(await screen.findByTestId('sale-empty')).toBeTruthy();
  });

  it('moves between its pages by the tabs', async () => {
    retailGateway([productOf({ name: 'Shampoo', price_cents: 1220 })]);
    renderCounter(BASE, 'en');
    fireEvent.click(within(screen.getByTestId('counter-tabs')).getByText('Stock'));
    expect(await screen.findByTestId('stock-table')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('counter-tabs')).getByText('Products'));
    expect(await screen.findByTestId('products-table')).toBeTruthy();
  });

  it('R2.05 answers an unknown path with the 404 page in the user language', () => {
    retailGateway([]);
    renderCounter(`${BASE}/nowhere`, 'de');
    expect(screen.getByTestId('error-page').textContent).toContain('404 Nicht gefunden');
  });
});
