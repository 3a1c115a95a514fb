import { handlesMessages, listedIn } from '@pawline/nest-kit/testing';
import { MessagingModule } from './messaging.module';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { SandboxHandlers } from './sandbox/sandbox.handlers';
import { WhatsAppWebhookHandlers } from './webhook/whatsapp-webhook.handlers';

const listed = (key: 'controllers' | 'providers') => listedIn(MessagingModule, key);

describe('messaging module', () => {
  it('lists its handler classes as controllers', () => {
    expect(listed('controllers')).toEqual(expect.arrayContaining([OrgaPurgeHandlers, WhatsAppWebhookHandlers, SandboxHandlers]));
    expect(listed('controllers').every(handlesMessages)).toBe(true);
  });

  it('lists no handler class as a provider', () => {
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });
});
