/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { pawlineSystem } from '@pawline/ui';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '../i18n/I18nProvider';
import { HelpPage } from './HelpPage';

describe('help page /qa', () => {
  it('R1.16 R9.11 explains signing in, the calendar, customers and reminders, with support Monday to Saturday, in Italian', () => {
    render(
      <ChakraProvider value={pawlineSystem}>
        <I18nProvider language="it">
          <HelpPage />
        </I18nProvider>
      </ChakraProvider>,
    );
    for (const topic of ['SignIn', 'Calendar', 'Customers', 'Reminders']) expect(screen.getByTestId(`help-${topic}`)).toBeTruthy();
    expect(screen.getByText('Come accedo?')).toBeTruthy();
    expect(screen.getByText('Promemoria WhatsApp')).toBeTruthy();
    expect(screen.getByTestId('help-support').textContent).toMatch(/luned.*sabato/i);
    expect(screen.getByText(/11\.4\.6/)).toBeTruthy();
  });
});
