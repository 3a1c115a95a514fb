/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { axeViolations } from '../testing/axe';
import { BASE, ORGA, productOf, renderCounter, retailGateway } from '../testing/counter-harness';
import { draftProblems } from './ProductsPage';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('counter products page (issue 32)', () => {
  it('adds a product with its price as typed (12,20) sent as cents and its VAT rate in basis points', async () => {
    const { state, requests } = retailGateway([]);
    const { bridge } = renderCounter(`${BASE}/products`, 'it');
    expect(await screen.findByText('Ancora nessun prodotto')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('product-new'));
    type('product-name', 'Shampoo Avena');
    type('product-barcode', '8022767010017');
    type('product-price', '12,20');
    type('product-vat', '5,5');
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(state.products).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      path: `/api/v1/orga/${ORGA}/retail/product`,
      body: {
        name: 'Shampoo Avena',
        brand: '',
        barcode: '8022767010017',
        category: '',
        price_cents: 1220,
        vat_rate_bp: 550,
        cost_cents: null,
      },
    });
    expect(await screen.findByTestId(`product-${state.products[0]?.id}`)).toBeTruthy();
    expect(bridge.notify).toHaveBeenCalledWith(expect.anything(), 'Prodotto salvato.');
  });

  it('shows what is wrong in the form before sending anything', async () => {
    const { requests } = retailGateway([]);
    renderCounter(`${BASE}/products`, 'en');
    await screen.findByText('No products yet');
    fireEvent.click(await screen.findByTestId('product-new'));
    type('product-vat', '122');
    fireEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Please enter a name.')).toBeTruthy();
    expect(screen.getByText('Please enter a price, e.g. 12,20.')).toBeTruthy();
    expect(screen.getByText('Please enter a VAT rate between 0 and 100, e.g. 22 or 5,5.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('searches by name or barcode through the route', async () => {
    const shampoo = productOf({ name: 'Shampoo Avena', barcode: '8022767010017', price_cents: 1220 });
    const brush = productOf({ name: 'Spazzola', price_cents: 999 });
    const { requests } = retailGateway([shampoo, brush]);
    renderCounter(`${BASE}/products`, 'de');
    await screen.findByTestId(`product-${brush.id}`);
    type('product-search', '80227');
    await waitFor(() => expect(screen.queryByTestId(`product-${brush.id}`)).toBeNull());
    expect(screen.getByTestId(`product-${shampoo.id}`)).toBeTruthy();
    expect(requests.some((request) => request.path === `/api/v1/orga/${ORGA}/retail/products`)).toBe(true);
  });

  it('shows a failed read with its retry', async () => {
    const { state } = retailGateway([productOf({ name: 'Gel', price_cents: 500 })]);
    state.failures = 1;
    renderCounter(`${BASE}/products`, 'fr');
    expect((await screen.findByTestId('error-state')).textContent).toContain("Les produits n'ont pas pu être chargés.");
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Gel')).toBeTruthy();
  });

  it('shows a worker the catalogue without the editor: the organization administrators change it', async () => {
    const gel = productOf({ name: 'Gel', price_cents: 500 });
    const { state } = retailGateway([gel]);
    state.rank = 3;
    renderCounter(`${BASE}/products`, 'it');
    expect(await screen.findByTestId(`product-${gel.id}`)).toBeTruthy();
    expect(screen.queryByTestId('product-new')).toBeNull();
    expect(screen.queryByText('Archivia')).toBeNull();
  });

  it('knows a draft it cannot send', () => {
    const draft = { name: 'Gel', brand: '', barcode: '', category: '', price: '5', vat: '22', cost: '' };
    expect(draftProblems(draft)).toEqual({});
    expect(draftProblems({ ...draft, name: ' ', price: '5,555', vat: 'x' })).toEqual({
      name: 'nameRequired',
      price: 'priceInvalid',
      vat: 'vatInvalid',
    });
  });

  it('has no axe violations with the editor open', async () => {
    retailGateway([productOf({ name: 'Gel', price_cents: 500 })]);
    const { container } = renderCounter(`${BASE}/products`, 'it');
    await screen.findByText('Gel');
    fireEvent.click(await screen.findByTestId('product-new'));
    expect(await axeViolations(container)).toEqual([]);
  });
});
