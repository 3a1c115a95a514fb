/** @jest-environment jsdom */
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BASE, campaignRow, FakeMarketingGateway, mountCampaigns } from '../testing/campaigns-harness';

describe('the campaign list', () => {
  it('shows loading while the campaigns come, then the empty state with a way to the first campaign', async () => {
    const gateway = new FakeMarketingGateway();
    gateway.hang = /marketing\/store/;
    mountCampaigns({ path: BASE, gateway });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
  });

  it('R7.08 says when there is no campaign yet', async () => {
    mountCampaigns({ path: BASE });
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('No campaigns yet');
    expect(within(empty).getByTestId('new-campaign').getAttribute('href')).toBe(`${BASE}/new`);
  });

  it('shows the error with a retry that loads the list', async () => {
    const gateway = new FakeMarketingGateway();
    gateway.campaigns = [campaignRow(1)];
    gateway.failures = [
      { method: 'GET', path: /marketing\/store/, status: 500, body: { code: 'internal', message: 'An error occurred.' } },
    ];
    mountCampaigns({ path: BASE, gateway });
    const error = await screen.findByTestId('error-state');
    expect(error.textContent).toContain('The campaigns could not be loaded.');
    fireEvent.click(within(error).getByRole('button'));
    expect((await screen.findAllByTestId('campaign-row')).length).toBe(1);
  });

  it('R4.13 shows each state in the user language: Bozza, Messaggio aggiunto alla coda, Inviata', async () => {
    const gateway = new FakeMarketingGateway();
    gateway.campaigns = [
      campaignRow(1),
      campaignRow(2, { state: 'queued', draft: false }),
      campaignRow(3, { state: 'sent', draft: false, sent_at: '2026-11-20T10:00:00.000Z' }),
    ];
    mountCampaigns({ path: BASE, gateway, language: 'it' });
    await waitFor(() =>
      expect(screen.getAllByTestId('campaign-state').map((b) => b.textContent)).toEqual([
        'Bozza',
        'Messaggio aggiunto alla coda',
        'Inviata',
      ]),
    );
    // a draft is edited, the others show their results
    const links = screen.getAllByTestId('campaign-row').map((row) => within(row).getByRole('link').getAttribute('href'));
    expect(links).toEqual([
      `${BASE}/${gateway.campaigns[0]?.id}/edit`,
      `${BASE}/${gateway.campaigns[1]?.id}`,
      `${BASE}/${gateway.campaigns[2]?.id}`,
    ]);
  });

  it('R9.05 R7.08 loads 50 a page, the next after the last time and id, and stops at a short page', async () => {
    const gateway = new FakeMarketingGateway();
    gateway.campaigns = Array.from({ length: 60 }, (_, i) => campaignRow(i + 1));
    const { requests } = mountCampaigns({ path: BASE, gateway });
    await waitFor(() => expect(screen.getAllByTestId('campaign-row')).toHaveLength(50));
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('campaign-row')).toHaveLength(60));
    const last = gateway.campaigns[49];
    expect(requests.map((r) => r.path)).toContain(
      `/api/v1/orga/${last?.orga_id}/marketing/store/${last?.store_id}/${last?.time}/${last?.id}`,
    );
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('R4.20 a campaign deleted elsewhere leaves the list; any other change refetches it', async () => {
    const gateway = new FakeMarketingGateway();
    gateway.campaigns = [campaignRow(1), campaignRow(2)];
    const { emit } = mountCampaigns({ path: BASE, gateway });
    await waitFor(() => expect(screen.getAllByTestId('campaign-row')).toHaveLength(2));
    const gone = gateway.campaigns[0]?.id;
    // deleted on another device: the gateway no longer has it, and its realtime message reaches this page
    gateway.campaigns = gateway.campaigns.filter((c) => c.id !== gone);
    emit({ event: 'deleted', data: gone });
    await waitFor(() => expect(screen.getAllByTestId('campaign-row').map((row) => row.getAttribute('data-campaign'))).not.toContain(gone));
    gateway.campaigns.push(campaignRow(3, { name: 'Made on the phone', time: new Date().toISOString() }));
    emit({ event: 'created', data: gateway.campaigns[2]?.id });
    expect(await screen.findByText('Made on the phone')).toBeTruthy();
  });

  it('deletes a campaign after the question', async () => {
    const gateway = new FakeMarketingGateway();
    gateway.campaigns = [campaignRow(1, { name: 'Autunno' })];
    const { bridge } = mountCampaigns({ path: BASE, gateway });
    fireEvent.click(await screen.findByTestId('delete-campaign'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    expect(gateway.campaigns).toEqual([]);
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Campaign deleted');
  });

  it("says why a delete failed, in the server's words, and keeps the campaign", async () => {
    const gateway = new FakeMarketingGateway();
    gateway.campaigns = [campaignRow(1, { name: 'Autunno' })];
    gateway.failures = [
      { method: 'DELETE', path: /marketing\/store/, status: 409, body: { code: 'conflict', message: 'La campagna è in invio.' } },
    ];
    const { bridge } = mountCampaigns({ path: BASE, gateway, language: 'it' });
    fireEvent.click(await screen.findByTestId('delete-campaign'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.error, 'La campagna è in invio.'));
    expect(screen.getAllByTestId('campaign-row')).toHaveLength(1);
  });
});
