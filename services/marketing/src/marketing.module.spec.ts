import { handlesMessages, listedIn } from '@pawline/nest-kit/testing';
import { MarketingModule } from './marketing.module';
import { AudienceProjectionHandlers } from './audience/audience-projection.handlers';
import { CampaignStatusHandlers } from './campaign/campaign-status.handlers';
import { CampaignHandlers } from './campaign/campaign.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

const listed = (key: 'controllers' | 'providers') => listedIn(MarketingModule, key);

describe('marketing module', () => {
  it('lists its handler classes as controllers', () => {
    expect(listed('controllers')).toEqual(
      expect.arrayContaining([CampaignHandlers, CampaignStatusHandlers, AudienceProjectionHandlers, OrgaPurgeHandlers]),
    );
    expect(listed('controllers').every(handlesMessages)).toBe(true);
  });

  it('lists no handler class as a provider', () => {
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });
});
