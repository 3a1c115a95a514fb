/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import type { Organization } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { StoreSwitcher } from './StoreSwitcher';

const orga = (storeCount: number): Organization => ({
  id: 'o1',
  name: 'Salone Fido',
  tier: 0,
  created_at: '2026-11-01T00:00:00Z',
  stores: Array.from({ length: storeCount }, (_, i) => ({ id: `s${i + 1}`, name: `Store ${i + 1}` })),
  users: [],
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function mount(organization: Organization) {
  render(
    <ChakraProvider value={pawlineSystem}>
      <I18nProvider language="en">
        <MemoryRouter initialEntries={['/o1/store/s1']}>
          <Routes>
            <Route path="/o1/store/:storeId" element={<StoreSwitcher orga={organization} currentStoreId="s1" />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </I18nProvider>
    </ChakraProvider>,
  );
}

describe('StoreSwitcher', () => {
  it('R2.07 is not shown when the organization has a single store', () => {
    mount(orga(1));
    expect(screen.queryByTestId('store-switcher')).toBeNull();
  });

  it('R2.07 lists the organization and each store, and switches store', () => {
    mount(orga(3));
    const select = screen.getByTestId('store-switcher');
    expect(select.querySelector('optgroup')?.getAttribute('label')).toBe('Salone Fido');
    expect(Array.from(select.querySelectorAll('option')).map((o) => o.textContent)).toEqual(['Store 1', 'Store 2', 'Store 3']);
    fireEvent.change(select, { target: { value: 's3' } });
    expect(screen.getByTestId('where').textContent).toBe('/o1/store/s3');
  });
});
