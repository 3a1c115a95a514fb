/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { BASE, mountCampaigns } from './testing/campaigns-harness';

describe('campaigns routes', () => {
  it('R1.03 shows its page in the user language', async () => {
    mountCampaigns({ path: BASE, language: 'it' });
    expect((await screen.findByTestId('campaign-list')).textContent).toContain('Campagne');
  });

  it('R2.05 answers an unknown path with the 404 page in the user language', async () => {
    mountCampaigns({ path: `${BASE}/nowhere`, language: 'de' });
    expect((await screen.findByTestId('error-page')).textContent).toContain('404 Nicht gefunden');
  });
});
