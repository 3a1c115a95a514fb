/** @jest-environment jsdom */
import type { AnswerOf, Language } from '@pawline/api-client';
import { screen, within } from '@testing-library/react';
import { customerRow, mountClients, ORGA, STORE, type Handler } from '../testing/clients-harness';

// Issue 31 the store agreement on the customer's page: its state and who accepted which version when.

type Agreement = AnswerOf<'getCustomerAgreement'>;
const path = `/${ORGA}/store/${STORE}/customer/c1`;

function handler(agreement: Agreement): Handler {
  return (url) => {
    if (url.pathname.endsWith('/customer/c1/agreement')) return { body: agreement };
    if (url.pathname.endsWith('/customer/c1/no_show_risk')) return { status: 503, body: { code: 'service_unavailable', message: 'Down' } };
    if (url.pathname.endsWith('/customer/c1/appointment_summary'))
      return { status: 503, body: { code: 'service_unavailable', message: 'Down' } };
    if (/\/customer\/c1\/appointments\//.test(url.pathname)) return { body: { items: [], treatments: [], pets: [] } };
    if (url.pathname.endsWith('/customer/c1'))
      return { body: { customer: customerRow('c1', 'Maria', 'Rossi'), tags: [], external_services: [], no_shows: 0 } };
    if (url.pathname.endsWith('/pets')) return { body: { items: [], page_size: 200 } };
    if (url.pathname.endsWith('/crm_settings')) return { body: { orga_id: ORGA, mandatory_customer_info: [], pet_checkout: {} } };
    if (url.pathname.endsWith('/tags') || url.pathname.endsWith('/external_services') || url.pathname.endsWith('/privacy_files'))
      return { body: [] };
    return undefined;
  };
}

const mount = (agreement: Agreement, language: Language = 'en') => mountClients({ path, handler: handler(agreement), language });

describe("the customer's store agreement (issue 31)", () => {
  it('shows the accepted version with the name typed, when, the address and how', async () => {
    mount({
      state: 'accepted',
      current_version: 2,
      acceptances: [{ version: 2, name: 'Maria Rossi', accepted_at: '2026-12-07T10:00:00.000Z', ip_address: '203.0.113.7', via: 'link' }],
    });
    const card = await screen.findByTestId('customer-agreement');
    expect(within(card).getByTestId('agreement-state').textContent).toBe('Version 2 accepted');
    expect(within(card).getByTestId('agreement-acceptance').textContent).toMatch(
      /^Version 2: accepted by Maria Rossi through the link on .+ \(address 203\.0\.113\.7\)$/,
    );
  });

  it('says in the user language that a new version is not accepted yet', async () => {
    mount(
      {
        state: 'outdated',
        current_version: 3,
        acceptances: [{ version: 2, name: 'Maria Rossi', accepted_at: '2026-12-07T10:00:00.000Z', ip_address: null, via: 'widget' }],
      },
      'it',
    );
    const card = await screen.findByTestId('customer-agreement');
    expect(within(card).getByTestId('agreement-state').textContent).toBe('Versione 3 non ancora accettata (una precedente sì)');
    expect(within(card).getByTestId('agreement-acceptance').textContent).toMatch(/prenotando online .*\(indirizzo —\)$/);
  });

  it('shows nothing while the store has no agreement', async () => {
    mount({ state: 'none', current_version: null, acceptances: [] });
    await screen.findByTestId('customer-pets');
    expect(screen.queryByTestId('customer-agreement')).toBeNull();
  });
});
