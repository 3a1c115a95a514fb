import { handlesMessages, listedIn } from '@pawline/nest-kit/testing';
import { WebhooksModule } from './webhooks.module';
import { EndpointDisabledNotifier } from './endpoint/endpoint-disabled.notifier';
import { EndpointHandlers } from './endpoint/endpoint.handlers';
import { EventIntakeHandlers } from './events/event-intake.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

// a handler class Nest only binds when the module lists it as a controller (libs/nest-kit/src/testing/module-wiring.ts)
const listed = (key: 'controllers' | 'providers') => listedIn(WebhooksModule, key);

describe('webhooks module', () => {
  it('lists its handler classes as controllers', () => {
    expect(listed('controllers')).toEqual(
      expect.arrayContaining([EndpointHandlers, EventIntakeHandlers, EndpointDisabledNotifier, OrgaPurgeHandlers]),
    );
    expect(listed('controllers').every(handlesMessages)).toBe(true);
  });

  it('lists no handler class as a provider', () => {
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });
});
