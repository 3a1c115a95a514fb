/** @jest-environment jsdom */
import { SNACKBAR_TYPE } from '@pawline/ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BASE, campaignRow, FakeMarketingGateway, mountCampaigns, NO_FILTERS, TAG_BITES } from '../testing/campaigns-harness';

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const counted = () => screen.getByTestId('audience-count').textContent;

describe('the campaign form', () => {
  it('R1.07 counts the audience live as the filters change, with the filters the form holds', async () => {
    const gateway = new FakeMarketingGateway();
    const { requests } = mountCampaigns({ path: `${BASE}/new`, gateway });
    await waitFor(() => expect(counted()).toBe('10 customers receive this campaign'));
    type('monthsAbsent', '3');
    await waitFor(() => expect(counted()).toBe('7 customers receive this campaign'));
    fireEvent.click(await screen.findByTestId('tag-toggle'));
    await waitFor(() => expect(counted()).toBe('5 customers receive this campaign'));
    type('cities', 'Milano, Roma');
    type('maxDeclines', '0');
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/audience/count')).at(-1)?.body).toEqual({
        filters: { ...NO_FILTERS, months_absent: 3, max_declines: 0, excluded_tag_ids: [TAG_BITES], cities: ['Milano', 'Roma'] },
      }),
    );
  });

  it('R1.07 needs a name before it saves; a draft is saved with its summary and filters', async () => {
    const gateway = new FakeMarketingGateway();
    const { bridge, router } = mountCampaigns({ path: `${BASE}/new`, gateway });
    fireEvent.click(await screen.findByTestId('save-draft'));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(gateway.campaigns).toEqual([]);
    type('name', 'Autunno');
    type('summary', 'Bagno e taglio');
    type('minVisits', '2');
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(gateway.campaigns).toHaveLength(1));
    expect(gateway.campaigns[0]).toMatchObject({ name: 'Autunno', summary: 'Bagno e taglio', state: 'draft', filters: { min_visits: 2 } });
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Draft saved');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/${gateway.campaigns[0]?.id}/edit`));
  });

  it("R4.13 sends a draft now: saved, queued with 'Message added to queue', then its results", async () => {
    const gateway = new FakeMarketingGateway();
    gateway.campaigns = [campaignRow(1, { name: 'Autunno' })];
    const id = gateway.campaigns[0]?.id;
    const { bridge, router } = mountCampaigns({ path: `${BASE}/${id}/edit`, gateway });
    await waitFor(() => expect(input('name')?.value).toBe('Autunno'));
    fireEvent.click(screen.getByTestId('queue-campaign'));
    await waitFor(() => expect(gateway.campaigns[0]?.state).toBe('queued'));
    expect(bridge.notify).toHaveBeenCalledWith(SNACKBAR_TYPE.success, 'Message added to queue');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/${id}`));
  });

  it("offers the organization's approved marketing templates, the built-in message by default", async () => {
    const gateway = new FakeMarketingGateway();
    const own = {
      id: '77777777-7777-4777-8777-777777777777',
      orga_id: null,
      template_type: 3,
      name: 'promo_autunno',
      title: 'Promo autunno',
    };
    gateway.templates = [
      {
        ...own,
        template_text: '',
        variables_str: '',
        button: 3,
        frequency: null,
        status: 'approved',
        language: 'it',
        built_in: false,
        updated_at: null,
      },
      {
        ...own,
        id: '88888888-8888-4888-8888-888888888888',
        title: 'Pending',
        status: 'pending',
        template_text: '',
        variables_str: '',
        button: 3,
        frequency: null,
        language: 'it',
        built_in: false,
        updated_at: null,
      },
    ] as never[];
    mountCampaigns({ path: `${BASE}/new`, gateway });
    await screen.findByText('Promo autunno');
    expect([...(input('templateId') as unknown as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Built-in marketing message',
      'Promo autunno',
    ]);
    type('name', 'Autunno');
    fireEvent.change(input('templateId'), { target: { value: own.id } });
    fireEvent.click(screen.getByTestId('save-draft'));
    await waitFor(() => expect(gateway.campaigns[0]?.template_id).toBe(own.id));
  });

  it('R1.07 a send date must be in the future', async () => {
    mountCampaigns({ path: `${BASE}/new` });
    type('name', 'Natale');
    fireEvent.change(input('when'), { target: { value: 'date' } });
    type('sendAt', '2020-12-20T09:00');
    fireEvent.click(screen.getByTestId('queue-campaign'));
    expect(await screen.findByText('The send date must be in the future')).toBeTruthy();
  });

  it('a campaign already queued is not edited', async () => {
    const gateway = new FakeMarketingGateway();
    gateway.campaigns = [campaignRow(1, { state: 'queued', draft: false })];
    mountCampaigns({ path: `${BASE}/${gateway.campaigns[0]?.id}/edit`, gateway, language: 'it' });
    expect((await screen.findByTestId('not-a-draft')).textContent).toContain('non è più una bozza');
  });
});
