/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { loadedTranslator, namespacesLoaded } from '@pawline/i18n';
import { render, screen } from '@testing-library/react';
import { pawlineSystem } from '../theme/pawline-system';
import { CatalogueGate } from './CatalogueGate';

function Login() {
  return <h2>{loadedTranslator('fr')('auth.loginTitle')}</h2>;
}

describe('CatalogueGate', () => {
  it('R1.03 shows a loading state, then the screen in its language once the catalogue is loaded', async () => {
    expect(namespacesLoaded('fr', ['auth'])).toBe(false);
    render(
      <ChakraProvider value={pawlineSystem}>
        <CatalogueGate language="fr" namespaces={['auth']} loadingLabel="…">
          <Login />
        </CatalogueGate>
      </ChakraProvider>,
    );
    expect(screen.getByTestId('loading-state')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    expect((await screen.findByRole('heading')).textContent).toBe('Connexion');
    expect(namespacesLoaded('fr', ['auth'])).toBe(true);
  });

  it('renders at once, with no loading state, when the catalogues are there', () => {
    render(
      <ChakraProvider value={pawlineSystem}>
        <CatalogueGate language="fr" namespaces={['auth']}>
          <Login />
        </CatalogueGate>
      </ChakraProvider>,
    );
    expect(screen.queryByTestId('loading-state')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Connexion');
  });
});
