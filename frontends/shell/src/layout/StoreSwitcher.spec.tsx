/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { organizationOf, storeOf, type Organization } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { StoreSwitcher } from './StoreSwitcher';

const orga = (storeCount: number): Organization =>
  organizationOf({
    id: 'o1',
    name: 'Salone Fido',
    tier: 0,
    created_at: '2026-11-01T00:00:00Z',
    stores: Array.from({ length: storeCount }, (_, i) => storeOf({ id: `s${i + 1}`, name: `Store ${i + 1}` })),
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

describe('StoreSwitcher with access', () => {
  function mountWith(organization: Organization, stores: Organization['stores'], orgaHref: string | null) {
    render(
      <ChakraProvider value={pawlineSystem}>
        <I18nProvider language="en">
          <MemoryRouter initialEntries={['/o1/store/s1']}>
            <Routes>
              <Route path="*" element={<StoreSwitcher orga={organization} currentStoreId="s1" stores={stores} orgaHref={orgaHref} />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </I18nProvider>
      </ChakraProvider>,
    );
  }

  it('R2.07 R6.04 is hidden for a user who reaches one store of several', () => {
    const organization = orga(3);
    mountWith(organization, organization.stores.slice(1, 2), null);
    expect(screen.queryByTestId('store-switcher')).toBeNull();
  });

  it('R2.07 offers administrators the organization entry, leading to its stores', () => {
    const organization = orga(2);
    mountWith(organization, organization.stores, '/o1/store');
    const select = screen.getByTestId('store-switcher');
    expect(select.querySelector('option')?.textContent).toBe('Salone Fido (organization)');
    fireEvent.change(select, { target: { value: '__organization' } });
    expect(screen.getByTestId('where').textContent).toBe('/o1/store');
  });
});
