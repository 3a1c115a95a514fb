/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { BASE, FakeBookingGateway, mountBooking } from './testing/booking-harness';

describe('booking routes', () => {
  it('R1.03 opens the requests at /{orgaId}/store/{storeId}/booking with the tabs in the user language', async () => {
    mountBooking({ path: BASE, language: 'it' });
    expect(await screen.findByText('Nessuna richiesta di prenotazione')).toBeTruthy();
    const tabs = screen.getByTestId('booking-tabs');
    expect(tabs.textContent).toBe("RichiesteOrariTempi dei serviziImpostazioni e codiceMancate presenzeLista d'attesaAccordo");
    expect(screen.getByTestId('tab-requests').getAttribute('href')).toBe(BASE);
    expect(screen.getByTestId('tab-hours').getAttribute('href')).toBe(`${BASE}/hours`);
  });

  it('moves between the sub-pages by their tabs', async () => {
    const gateway = new FakeBookingGateway();
    const { router } = mountBooking({ path: BASE, gateway });
    await screen.findByTestId('requests-page');
    fireEvent.click(screen.getByTestId('tab-setup'));
    expect(await screen.findByTestId('setup-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`${BASE}/setup`);
    fireEvent.click(screen.getByTestId('tab-service-times'));
    expect(await screen.findByTestId('service-times-page')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tab-hours'));
    expect(await screen.findByTestId('hours-page')).toBeTruthy();
  });

  it('R2.05 answers an unknown path with the 404 page in the user language', async () => {
    mountBooking({ path: `${BASE}/nowhere`, language: 'de' });
    expect((await screen.findByTestId('error-page')).textContent).toContain('404 Nicht gefunden');
  });
});
