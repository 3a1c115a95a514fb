import { handlesMessages, listedIn } from '@pawline/nest-kit/testing';
import { AnalyticsModule } from './analytics.module';
import { EngagementHandlers } from './projection/engagement.handlers';
import { ProjectionHandlers } from './projection/projection.handlers';
import { StatisticsHandlers } from './statistics/statistics.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

const listed = (key: 'controllers' | 'providers') => listedIn(AnalyticsModule, key);

describe('analytics module', () => {
  it('lists its handler classes as controllers', () => {
    expect(listed('controllers')).toEqual(
      expect.arrayContaining([ProjectionHandlers, EngagementHandlers, StatisticsHandlers, OrgaPurgeHandlers]),
    );
    expect(listed('controllers').every(handlesMessages)).toBe(true);
  });

  it('lists no handler class as a provider', () => {
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });
});
