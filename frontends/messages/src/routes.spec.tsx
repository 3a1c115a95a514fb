/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import type { ApiClient, Language, PersonUser, ShellBridge } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { MessagesRoutes } from './routes';

function bridgeIn(language: Language): ShellBridge {
  return {
    api: {} as ApiClient,
    user: { id: 'u1', first_name: 'Anna', orga_id: 'o1' } as PersonUser,
    language,
    appVersion: '11.4.6',
    orga: { id: 'o1', name: 'Salone Anna', tier: 1, created_at: '2026-11-01T00:00:00Z', stores: [], users: [] },
  } as unknown as ShellBridge;
}

// mounted the way the shell mounts it: under its route with a splat
function renderAt(path: string, language: Language) {
  return render(
    <ChakraProvider value={pawlineSystem}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/o1/messages/*" element={<MessagesRoutes {...bridgeIn(language)} />} />
        </Routes>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe('messages routes', () => {
  it('R1.03 shows its page in the user language, with the person and the organization', () => {
    renderAt('/o1/messages', 'it');
    const page = screen.getByTestId('messages-page');
    expect(page.textContent).toContain('Benvenuto, Anna.');
    expect(page.textContent).toContain('Salone Anna');
  });

  it('R2.05 answers an unknown path with the 404 page in the user language', () => {
    renderAt('/o1/messages/nowhere', 'de');
    expect(screen.getByTestId('error-page').textContent).toContain('404 Nicht gefunden');
  });
});
