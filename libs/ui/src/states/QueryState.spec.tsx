/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { CATALOGUES, registerCatalogues, type Language } from '@pawline/i18n';
import { fireEvent, render, screen } from '@testing-library/react';
import { pawlineSystem } from '../theme/pawline-system';
import { apiErrorText } from './api-error-text';
import { QueryState, type QueryLike } from './QueryState';
import { EmptyState } from './ViewStates';

// jest has no catalogue chunks to load: every language in the store, as the frontends' setups do
for (const [language, catalogue] of Object.entries(CATALOGUES)) registerCatalogues(language as Language, catalogue);

const failure = (status: number, code: string, message: string) => Object.assign(new Error(message), { status, code });

function show(query: QueryLike<string[]>, language: 'en' | 'it' = 'en') {
  return render(
    <ChakraProvider value={pawlineSystem}>
      <QueryState
        query={query}
        language={language}
        errorTitle="The campaigns could not be loaded."
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title="No campaigns yet" action={<button>New campaign</button>} />}
        gone={<p data-testid="gone">Deleted on another device</p>}
      >
        {(rows) => <ul data-testid="rows">{rows.join(',')}</ul>}
      </QueryState>
    </ChakraProvider>,
  );
}

describe('QueryState', () => {
  it('shows the loading state while the query is pending, in the user language', () => {
    show({ status: 'pending', data: undefined, error: null, refetch: jest.fn() }, 'it');
    expect(screen.getByTestId('loading-state').textContent).toBe('Caricamento…');
  });

  it("shows the failure with the server's message and a retry that refetches", () => {
    const refetch = jest.fn();
    show({ status: 'error', data: undefined, error: failure(500, 'internal', 'Si è verificato un errore.'), refetch }, 'it');
    const error = screen.getByTestId('error-state');
    expect(error.textContent).toContain('The campaigns could not be loaded.');
    expect(error.textContent).toContain('Si è verificato un errore.');
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('titles the failure by its kind, and offers no retry where trying again cannot help', () => {
    render(
      <ChakraProvider value={pawlineSystem}>
        <QueryState
          query={{
            status: 'error',
            data: undefined,
            error: failure(402, 'plan_required', 'Your plan has no statistics.'),
            refetch: jest.fn(),
          }}
          language="en"
          errorTitle={(error) => ((error as { status: number }).status === 402 ? 'Update your plan' : 'Not loaded')}
          retryable={(error) => (error as { status: number }).status !== 402}
        >
          {() => null}
        </QueryState>
      </ChakraProvider>,
    );
    expect(screen.getByTestId('error-state').textContent).toContain('Update your plan');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the empty state with its action when the answer is empty', () => {
    show({ status: 'success', data: [], error: null, refetch: jest.fn() });
    expect(screen.getByTestId('empty-state').textContent).toContain('No campaigns yet');
    expect(screen.getByRole('button', { name: 'New campaign' })).toBeTruthy();
  });

  it('shows the content, and keeps it when a refetch fails for another reason than 404', () => {
    const { rerender } = show({ status: 'success', data: ['a', 'b'], error: null, refetch: jest.fn() });
    expect(screen.getByTestId('rows').textContent).toBe('a,b');
    rerender(
      <ChakraProvider value={pawlineSystem}>
        <QueryState
          query={{ status: 'error', data: ['a', 'b'], error: failure(0, 'network', 'offline'), isRefetchError: true, refetch: jest.fn() }}
          language="en"
          errorTitle="x"
        >
          {(rows) => <ul data-testid="rows">{rows.join(',')}</ul>}
        </QueryState>
      </ChakraProvider>,
    );
    expect(screen.getByTestId('rows').textContent).toBe('a,b');
  });

  it('shows what was on screen as gone when it is read again and answers 404', () => {
    show({ status: 'error', data: ['a'], error: failure(404, 'not_found', 'Not found'), isRefetchError: true, refetch: jest.fn() });
    expect(screen.getByTestId('gone')).toBeTruthy();
    expect(screen.queryByTestId('rows')).toBeNull();
  });
});

describe('apiErrorText', () => {
  it("R8.06 says what the browser found in the user's language and otherwise the server's message", () => {
    expect(apiErrorText(failure(0, 'network', 'Failed to fetch'), 'de')).toBe(
      'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    );
    expect(apiErrorText(failure(200, 'bad_response', '<html>'), 'en')).toBe('Something went wrong. Please try again.');
    expect(apiErrorText(failure(401, 'server_100', 'x'), 'it')).toBe(apiErrorText(failure(401, 'server_112', 'y'), 'it'));
    expect(apiErrorText(failure(409, 'conflict', 'La campagna è già in coda.'), 'it')).toBe('La campagna è già in coda.');
    expect(apiErrorText(new Error('a bug'), 'fr')).toBe(apiErrorText(undefined, 'fr'));
  });
});
