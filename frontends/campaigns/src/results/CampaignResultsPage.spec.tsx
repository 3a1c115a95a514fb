/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BASE, campaignRow, customerRow, FakeMarketingGateway, mountCampaigns } from '../testing/campaigns-harness';

function sentCampaign() {
  const gateway = new FakeMarketingGateway();
  gateway.campaigns = [campaignRow(1, { name: 'Autunno', state: 'sent', draft: false, sent_at: '2026-11-20T10:00:00.000Z' })];
  const id = gateway.campaigns[0]?.id ?? '';
  gateway.customers.set(id, [
    customerRow(1, { actual_message_status: 3 }),
    customerRow(2, { actual_message_status: 4, opener_messages_confirmed: true }),
    customerRow(3, { actual_message_status: 5 }),
    customerRow(4),
  ]);
  return { gateway, id };
}

describe('the campaign results', () => {
  it("R3.11 shows each customer's message status and opener confirmation, and the campaign's figures", async () => {
    const { gateway, id } = sentCampaign();
    mountCampaigns({ path: `${BASE}/${id}`, gateway, language: 'it' });
    await waitFor(() =>
      expect(screen.getAllByTestId('customer-status').map((cell) => cell.textContent)).toEqual([
        'Letto',
        'Aperto',
        'Non riuscito',
        'In attesa',
      ]),
    );
    expect(screen.getAllByTestId('customer-confirmed')).toHaveLength(1);
    expect(screen.getByTestId('figure-resultCustomers').textContent).toBe('4');
    expect(screen.getByTestId('figure-resultFailed').textContent).toBe('1');
    expect(screen.getByTestId('figure-resultConfirmed').textContent).toBe('1');
  });

  it('R9.05 R7.08 loads the customers 200 a page after the last customer id', async () => {
    const { gateway, id } = sentCampaign();
    gateway.customers.set(
      id,
      Array.from({ length: 230 }, (_, i) => customerRow(i + 1)),
    );
    const { requests } = mountCampaigns({ path: `${BASE}/${id}`, gateway });
    await waitFor(() => expect(screen.getAllByTestId('campaign-customer')).toHaveLength(200));
    fireEvent.click(screen.getByTestId('load-more-customers'));
    await waitFor(() => expect(screen.getAllByTestId('campaign-customer')).toHaveLength(230));
    expect(requests.some((r) => r.path.endsWith('/customers'))).toBe(true);
    expect(screen.queryByTestId('load-more-customers')).toBeNull();
  });

  it('R4.20 refetches when a status comes back, and shows the campaign gone when it is deleted elsewhere', async () => {
    const { gateway, id } = sentCampaign();
    const { emit } = mountCampaigns({ path: `${BASE}/${id}`, gateway });
    await waitFor(() => expect(screen.getAllByTestId('customer-status')[3]?.textContent).toBe('Waiting'));
    const rows = gateway.customers.get(id) ?? [];
    rows[3] = { ...rows[3], actual_message_status: 2 };
    emit({ event: 'updated', data: id });
    await waitFor(() => expect(screen.getAllByTestId('customer-status')[3]?.textContent).toBe('Delivered'));
    gateway.campaigns = [];
    emit({ event: 'deleted', data: id });
    expect((await screen.findByTestId('campaign-deleted')).textContent).toContain('deleted on another device');
  });

  it('says a queued campaign is not sent yet', async () => {
    const gateway = new FakeMarketingGateway();
    gateway.campaigns = [campaignRow(1, { state: 'queued', draft: false })];
    mountCampaigns({ path: `${BASE}/${gateway.campaigns[0]?.id}`, gateway });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Not sent yet');
  });
});
