import { MESSAGE_QUOTA, SENDER_DIRECTORY } from '../ports';
import { QuotaHandlers } from '../quota/quota.handlers';
import { SenderHandlers } from '../sender/sender.handlers';
import { ReminderSettingsHandlers } from '../settings/reminder-settings.handlers';
import { TemplateHandlers } from '../template/template.handlers';
import { MessagingCoreModule } from './messaging-core.module';

const PATTERN = 'microservices:pattern';
const listed = (key: 'controllers' | 'providers' | 'exports') => (Reflect.getMetadata(key, MessagingCoreModule) ?? []) as unknown[];

function handlesMessages(candidate: unknown): boolean {
  if (typeof candidate !== 'function') return false;
  const prototype = (candidate as { prototype: Record<string, unknown> }).prototype;
  return Object.getOwnPropertyNames(prototype).some((key) => {
    const method = prototype[key];
    return typeof method === 'function' && Reflect.getMetadata(PATTERN, method) !== undefined;
  });
}

describe('messaging core module', () => {
  it('lists its handler classes as controllers and none as a provider', () => {
    expect(listed('controllers')).toEqual(
      expect.arrayContaining([TemplateHandlers, ReminderSettingsHandlers, QuotaHandlers, SenderHandlers]),
    );
    expect(listed('controllers').every(handlesMessages)).toBe(true);
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });

  it('exports the ports the pipeline and the inbox inject', () => {
    expect(listed('exports')).toEqual(expect.arrayContaining([SENDER_DIRECTORY, MESSAGE_QUOTA]));
  });
});
