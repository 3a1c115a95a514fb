/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { pawlineSystem } from '../theme/pawline-system';
import { createSnackbarStore, SNACKBAR_TYPE } from './snackbar-store';
import { SnackbarStack } from './SnackbarStack';

describe('SnackbarStack', () => {
  it('R2.13 R4.05 renders each event coloured by type, 55 px apart, until its close button is pressed', () => {
    const store = createSnackbarStore();
    render(
      <ChakraProvider value={pawlineSystem}>
        <SnackbarStack store={store} />
      </ChakraProvider>,
    );
    act(() => {
      store.push(SNACKBAR_TYPE.error, 'Wrong username or password');
      store.push(SNACKBAR_TYPE.success, 'Saved');
    });
    const shown = screen.getAllByTestId('snackbar');
    expect(shown.map((el) => el.getAttribute('data-snackbar-type'))).toEqual(['error', 'success']);
    expect(screen.getByRole('alert').textContent).toContain('Wrong username or password');
    const closeButtons = screen.getAllByRole('button', { name: 'Close' });
    act(() => {
      fireEvent.click(closeButtons[0]);
    });
    expect(screen.getAllByTestId('snackbar').map((el) => el.textContent)).toEqual(['Saved']);
  });
});
