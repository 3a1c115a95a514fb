/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { pawlineSystem } from '../theme/pawline-system';
import { ErrorPage } from './ErrorPage';

function mount(status: number) {
  render(
    <ChakraProvider value={pawlineSystem}>
      <MemoryRouter>
        <ErrorPage status={status} />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe('ErrorPage', () => {
  it("R2.05 shows '404 Not Found' for 404 with a link to the home page", () => {
    mount(404);
    expect(screen.getByRole('heading').textContent).toBe('404 Not Found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it("R2.05 shows 'An error occurred' for any other status", () => {
    mount(500);
    expect(screen.getByRole('heading').textContent).toBe('An error occurred');
  });
});
