/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { loadNamespaces } from '@pawline/i18n';
import { act, render, screen } from '@testing-library/react';
import { pawlineSystem } from '../theme/pawline-system';
import { CatalogueGate } from './CatalogueGate';

// the chunks answer when the test says, so a language switch can overtake a load under way
jest.mock('@pawline/i18n', () => ({ ...jest.requireActual('@pawline/i18n'), loadNamespaces: jest.fn() }));

function pending() {
  let settle!: { ok: () => void; fail: () => void };
  const promise = new Promise<void>((ok, fail) => (settle = { ok: () => ok(), fail: () => fail(new Error('chunk')) }));
  return { promise, ...settle };
}

describe('CatalogueGate after a language switch', () => {
  it('an answer for the language left behind changes nothing: the new one’s failure stays with its retry', async () => {
    const german = pending();
    const italian = pending();
    jest.mocked(loadNamespaces).mockReturnValueOnce(german.promise).mockReturnValueOnce(italian.promise);
    const gate = (language: 'de' | 'it') => (
      <ChakraProvider value={pawlineSystem}>
        <CatalogueGate language={language} namespaces={['auth']}>
          <p>screen</p>
        </CatalogueGate>
      </ChakraProvider>
    );
    const { rerender } = render(gate('de'));
    rerender(gate('it'));
    await act(async () => italian.fail());
    expect(screen.getByTestId('error-state')).toBeTruthy();
    await act(async () => german.ok());
    expect(screen.getByTestId('error-state')).toBeTruthy();
    expect(screen.queryByText('screen')).toBeNull();
  });
});
