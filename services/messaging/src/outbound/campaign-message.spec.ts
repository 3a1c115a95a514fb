import { campaignDedupeKey, campaignOfDedupeKey, campaignStatusEnvelopes } from './campaign-message';

const CAMPAIGN = '6f1c2b1e-0a57-4b0e-9d55-1f4f0c3b2a10';
const CUSTOMER = '0e8f1d9a-5b7c-4c3d-8e2f-9a1b2c3d4e5f';
const ORGA = '3a4b5c6d-7e8f-4a0b-8c1d-2e3f4a5b6c7d';

describe('campaign messages in outbound_message', () => {
  it('R3.11 names the campaign and the customer in the dedupe key, and nothing for other messages', () => {
    expect(campaignOfDedupeKey(campaignDedupeKey(CAMPAIGN, CUSTOMER))).toEqual({ campaignId: CAMPAIGN, customerId: CUSTOMER });
    expect(campaignOfDedupeKey(`reminder:${CAMPAIGN}:0:2026-11-24`)).toBeNull();
    expect(campaignOfDedupeKey(`reply:${CAMPAIGN}`)).toBeNull();
    expect(campaignOfDedupeKey(null)).toBeNull();
  });

  it('R3.11 tells marketing the status of campaign messages only', () => {
    const envelopes = campaignStatusEnvelopes(
      [
        { id: CUSTOMER, orga_id: ORGA, store_id: null, dedupe_key: campaignDedupeKey(CAMPAIGN, CUSTOMER) },
        { id: CAMPAIGN, orga_id: ORGA, store_id: null, dedupe_key: `reply:${CAMPAIGN}` },
      ],
      4,
      true,
    );
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]).toMatchObject({
      subject: 'evt.messaging.campaign-message.status-changed.v1',
      orgaId: ORGA,
      data: { campaign_id: CAMPAIGN, customer_id: CUSTOMER, outbound_id: CUSTOMER, status: 4, confirmed: true },
    });
  });
});
