/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { calendarTranslator } from '../i18n/translator';
import { appointmentOf } from '../test-support/appointments';
import { ORGA, renderOnDataLayer, STORE } from '../test-support/calendar-harness';
import { AppointmentDialog } from './AppointmentDialog';
import { newAppointmentForm } from './appointment-form';
import { CheckOutDialog } from './CheckOutDialog';

const ANNA = '44444444-4444-4444-8444-444444444444';
const t = calendarTranslator('en');

function mountAppointmentDialog() {
  const onClose = jest.fn();
  renderOnDataLayer((bridge) => (
    <AppointmentDialog
      ctx={{ bridge, t, storage: null }}
      at={{ orga: ORGA, store: STORE }}
      appointment={null}
      pets={[]}
      initial={newAppointmentForm({ date: '2026-11-24', start: 600, duration: 60, user_id: ANNA })}
      treatments={[]}
      staff={[]}
      busy={false}
      refusal={null}
      onSubmit={jest.fn()}
      onClose={onClose}
    />
  ));
  return { onClose, edit: () => fireEvent.change(screen.getByTestId('price-input'), { target: { value: '45' } }) };
}

function mountCheckOutDialog() {
  const onClose = jest.fn();
  render(
    <ChakraProvider value={pawlineSystem}>
      <CheckOutDialog
        appointment={appointmentOf({ price: 40, final_price: null, discount: 0, cashed_in: false })}
        questions={[]}
        t={t}
        busy={false}
        onSave={jest.fn()}
        onClose={onClose}
      />
    </ChakraProvider>,
  );
  return { onClose, edit: () => fireEvent.change(screen.getByTestId('checkout-discount'), { target: { value: '5' } }) };
}

const buttonIn = (testId: string, text: string) => {
  const button = [...screen.getByTestId(testId).querySelectorAll('button')].find((b) => b.textContent === text);
  if (!button) throw new Error(`no ${text} button`);
  return button;
};
const cancelButton = (dialog: string) => buttonIn(dialog, 'Cancel');

describe.each([
  ['appointment-dialog', mountAppointmentDialog],
  ['checkout-dialog', mountCheckOutDialog],
])('closing the %s', (dialog, mount) => {
  it('with changes asks "Discard changes?"; Keep editing stays with the changes', async () => {
    const { onClose, edit } = mount();
    edit();
    fireEvent.click(cancelButton(dialog));
    const question = await screen.findByTestId('confirm-dialog');
    expect(question.textContent).toContain('Discard changes?');
    fireEvent.click(buttonIn('confirm-dialog', 'Keep editing'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId(dialog)).toBeTruthy();
  });

  it('with changes closes after Discard', async () => {
    const { onClose, edit } = mount();
    edit();
    fireEvent.click(cancelButton(dialog));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with changes asks on Escape too', async () => {
    const { onClose, edit } = mount();
    edit();
    await waitFor(() => expect(screen.getByTestId(dialog).getAttribute('data-state')).toBe('open'));
    // the dismissable layer listens for Escape from the tick after it opened
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.keyDown(screen.getByTestId(dialog), { key: 'Escape', code: 'Escape' });
    expect(await screen.findByTestId('confirm-dialog')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('without changes closes at once, without a question', () => {
    const { onClose } = mount();
    fireEvent.click(cancelButton(dialog));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });
});
