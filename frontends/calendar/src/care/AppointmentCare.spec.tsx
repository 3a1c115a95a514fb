/** @jest-environment jsdom */
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { calendarTranslator } from '../i18n/translator';
import { FakeSchedulingGateway, ORGA, renderOnDataLayer, STORE } from '../test-support/calendar-harness';
import { AppointmentCare } from './AppointmentCare';

function salon(checkedOut: boolean) {
  const gateway = new FakeSchedulingGateway();
  const fido = gateway.addPet('Fido');
  const earlier = gateway.add({ date: '2026-11-02', hour: 9, checked_out: true }, [fido.id]);
  const today = gateway.add({ date: '2026-12-07', hour: 9, checked_out: checkedOut }, [fido.id]);
  return { gateway, fido, earlier, today };
}

function mount(gateway: FakeSchedulingGateway, appointmentId: string, petId: string, language: 'en' | 'it' = 'en') {
  const appointment = gateway.items.find((a) => a.id === appointmentId)!;
  const pet = gateway.pets.find((p) => p.id === petId)!;
  return renderOnDataLayer(
    (bridge) => (
      <AppointmentCare
        ctx={{ bridge, t: calendarTranslator(language), storage: null }}
        at={{ orga: ORGA, store: STORE }}
        appointment={appointment}
        pets={[gateway.cardOf(pet)]}
      />
    ),
    gateway,
    language,
  );
}

describe('R4.11 report cards and the agreement in the appointment dialog (issue 31)', () => {
  it("shows the last earlier visit's note before the groomer starts, and no editor before check-out", async () => {
    const { gateway, fido, earlier, today } = salon(false);
    gateway.reportCards.push({
      appointment_id: earlier.id,
      pet_id: fido.id,
      store_id: STORE,
      note: 'Oatmeal shampoo; shorter on the paws next time',
      choice: 'send',
      local_date: '2026-11-02',
      created_by: null,
      created_at: '2026-11-02T10:00:00.000Z',
      updated_at: '2026-11-02T10:00:00.000Z',
    });
    mount(gateway, today.id, fido.id);
    expect(await screen.findByText('Oatmeal shampoo; shorter on the paws next time')).toBeTruthy();
    expect(screen.getByText('Last report card (Nov 2, 2026):')).toBeTruthy();
    expect(screen.queryByTestId('report-card-editor')).toBeNull();
  });

  it('says when there is no earlier card, in the user language', async () => {
    const { gateway, fido, today } = salon(false);
    mount(gateway, today.id, fido.id, 'it');
    expect(await screen.findByText('Ancora nessuna scheda da una visita precedente.')).toBeTruthy();
  });

  it('after check-out the groomer writes the card: a note is needed to send it, then it is saved', async () => {
    const { gateway, fido, today } = salon(true);
    const { notify } = mount(gateway, today.id, fido.id);
    const save = await screen.findByTestId('report-card-save');
    fireEvent.click(save);
    expect(await screen.findByText('Write a note for the owner, or choose not to send it.')).toBeTruthy();
    expect(gateway.reportCards).toHaveLength(0);
    fireEvent.change(screen.getByTestId('report-card-note'), { target: { value: '  Calm, coat in good condition  ' } });
    fireEvent.change(screen.getByTestId('report-card-choice'), { target: { value: 'later' } });
    fireEvent.click(save);
    await waitFor(() => expect(notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Report card saved'));
    expect(gateway.reportCards).toMatchObject([
      { appointment_id: today.id, pet_id: fido.id, note: 'Calm, coat in good condition', choice: 'later' },
    ]);
  });

  it('a skipped card needs no note', async () => {
    const { gateway, fido, today } = salon(true);
    const { notify } = mount(gateway, today.id, fido.id);
    fireEvent.change(await screen.findByTestId('report-card-choice'), { target: { value: 'skip' } });
    fireEvent.click(screen.getByTestId('report-card-save'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Report card kept, not sent'));
    expect(gateway.reportCards).toMatchObject([{ note: '', choice: 'skip' }]);
  });

  it('says when the customer has not accepted the current agreement and makes the link to send', async () => {
    const { gateway, fido, today } = salon(false);
    gateway.agreements.set(fido.customer_id, { state: 'outdated', current_version: 2, acceptances: [] });
    mount(gateway, today.id, fido.id);
    expect(await screen.findByText('The customer accepted an older agreement: version 2 is not accepted yet.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('agreement-make-link'));
    const link = await screen.findByTestId<HTMLInputElement>('agreement-link');
    expect(link.value).toBe(`${window.location.origin}/agreement/signed-token-of-the-fake-gateway`);
    expect(gateway.agreementLinks).toBe(1);
  });

  it('says nothing of an agreement the customer accepted, or when the store has none', async () => {
    const { gateway, fido, today } = salon(false);
    mount(gateway, today.id, fido.id);
    await screen.findByTestId('no-last-report-card');
    expect(screen.queryByTestId('agreement-missing')).toBeNull();
  });
});
