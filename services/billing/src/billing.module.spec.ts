import { handlesMessages, listedIn } from '@pawline/nest-kit/testing';
import { BillingModule } from './billing.module';
import { FactsHandlers } from './facts/facts.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { BillingHandlers } from './subscription/billing.handlers';

const listed = (key: 'controllers' | 'providers') => listedIn(BillingModule, key);

describe('billing module', () => {
  it('lists its handler classes as controllers', () => {
    expect(listed('controllers')).toEqual(expect.arrayContaining([BillingHandlers, FactsHandlers, OrgaPurgeHandlers]));
    expect(listed('controllers').every(handlesMessages)).toBe(true);
  });

  it('lists no handler class as a provider', () => {
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });
});
