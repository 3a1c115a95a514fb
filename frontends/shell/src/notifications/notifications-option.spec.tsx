/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { personUserOf } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { UserDrawer } from '../layout/UserDrawer';
import { NOTIFICATIONS_OPTION_KEY, readNotificationsOption, writeNotificationsOption } from './notifications-option';

describe('notifications option', () => {
  it('is on unless this device switched it off', () => {
    const values = new Map<string, string>();
    const storage = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
    expect(readNotificationsOption(storage)).toBe(true);
    writeNotificationsOption(storage, false);
    expect(values.get(NOTIFICATIONS_OPTION_KEY)).toBe('off');
    expect(readNotificationsOption(storage)).toBe(false);
    writeNotificationsOption(storage, true);
    expect(readNotificationsOption(storage)).toBe(true);
  });

  it('is switched in the user drawer', () => {
    const onOption = jest.fn();
    render(
      <ChakraProvider value={pawlineSystem}>
        <I18nProvider language="en">
          <MemoryRouter>
            <UserDrawer
              open
              user={personUserOf({ id: 'u1', email: 'ada@example.com' })}
              onClose={jest.fn()}
              onLogout={jest.fn()}
              onLanguage={jest.fn()}
              notificationsOn
              onNotificationsOption={onOption}
            />
          </MemoryRouter>
        </I18nProvider>
      </ChakraProvider>,
    );
    const box = screen.getByTestId<HTMLInputElement>('notifications-option');
    expect(box.checked).toBe(true);
    expect(screen.getByText('Show notifications')).toBeTruthy();
    fireEvent.click(box);
    expect(onOption).toHaveBeenCalledWith(false);
  });
});
