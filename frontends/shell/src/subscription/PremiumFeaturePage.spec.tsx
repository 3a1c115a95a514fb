/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { pawlineSystem } from '@pawline/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import { missingFeature, premiumFeatureOf } from './premium-pages';
import { PremiumFeaturePage } from './PremiumFeaturePage';

const ORGA = '11111111-1111-4111-8111-111111111111';

function mount(props: Parameters<typeof PremiumFeaturePage>[0], language: 'en' | 'it' | 'de' | 'fr' = 'en') {
  render(
    <ChakraProvider value={pawlineSystem}>
      <I18nProvider language={language}>
        <MemoryRouter>
          <PremiumFeaturePage {...props} />
        </MemoryRouter>
      </I18nProvider>
    </ChakraProvider>,
  );
}

describe('a premium page on a plan without its feature', () => {
  it('R1.20 knows which pages are which feature, and which plans lack them (the trial and Premium have all)', () => {
    expect(premiumFeatureOf('/:orgaId/store/:storeId/booking/*')).toBe('online_booking');
    expect(premiumFeatureOf('/:orgaId/store/:storeId/pet')).toBeNull();
    const booking = '/:orgaId/store/:storeId/booking/*';
    const analyses = '/:orgaId/store/:storeId/admin/analyses/*';
    const messages = '/:orgaId/store/:storeId/messages/*';
    // Standard (3): booking and reminders yes, statistics no; Basic (2): no booking either
    expect([booking, messages, analyses].map((path) => missingFeature(path, { tier: 3 }))).toEqual([null, null, 'salon_statistics']);
    expect(missingFeature(booking, { tier: 2 })).toBe('online_booking');
    expect(missingFeature(messages, { tier: 1 })).toBe('whatsapp_reminders');
    for (const tier of [0, 4, 5]) expect(missingFeature(analyses, { tier })).toBeNull();
    expect(missingFeature(analyses, null)).toBeNull();
  });

  it('R1.20 says what the feature does and gives an administrator the way to upgrade on the plan page (English)', async () => {
    mount({ feature: 'salon_statistics', orgaId: ORGA, tier: 3, admin: true });
    expect((await screen.findByRole('heading', { name: 'Salon statistics' })).textContent).toBe('Salon statistics');
    expect(screen.getByTestId('premium-feature-text').textContent).toContain('revenue, average ticket');
    expect(screen.getByTestId('premium-feature-plan').textContent).toBe('Your Standard plan does not include this.');
    expect(screen.getByTestId('premium-feature-upgrade').getAttribute('href')).toBe(`/${ORGA}/adminV2/plan`);
    expect(screen.queryByTestId('premium-feature-ask')).toBeNull();
  });

  it('R1.24 tells an employee to ask the shop administrator, in their language (Italian)', async () => {
    mount({ feature: 'online_booking', orgaId: ORGA, tier: 2, admin: false }, 'it');
    expect((await screen.findByTestId('premium-feature-ask')).textContent).toBe(
      "Chiedi all'amministratore del negozio di aggiornare il piano.",
    );
    expect(screen.getByRole('heading').textContent).toBe('Prenotazione online');
    expect(screen.queryByTestId('premium-feature-upgrade')).toBeNull();
  });

  it.each([
    ['de', 'Ihr Tarif Basic enthält dies nicht.'],
    ['fr', "Votre forfait Basic ne l'inclut pas."],
  ] as const)('names the plan in %s', async (language, text) => {
    mount({ feature: 'whatsapp_reminders', orgaId: ORGA, tier: 2, admin: true }, language);
    expect((await screen.findByTestId('premium-feature-plan')).textContent).toBe(text);
  });
});
