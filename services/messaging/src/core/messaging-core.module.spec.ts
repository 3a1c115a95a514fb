import { handlesMessages } from '@pawline/nest-kit/testing';
import { MESSAGE_QUOTA, REMINDER_COMPOSER, REMINDER_TIMINGS, SENDER_DIRECTORY, TEMPLATE_COMPOSER } from '../ports';
import { QuotaHandlers } from '../quota/quota.handlers';
import { SenderHandlers } from '../sender/sender.handlers';
import { ReminderSettingsHandlers } from '../settings/reminder-settings.handlers';
import { TemplateHandlers } from '../template/template.handlers';
import { MessagingCoreModule } from './messaging-core.module';
import { MessagingSendPortsModule } from './messaging-send-ports.module';

const listed = (key: 'controllers' | 'providers' | 'exports', module: object = MessagingCoreModule) =>
  (Reflect.getMetadata(key, module) ?? []) as unknown[];

describe('messaging core module', () => {
  it('lists its handler classes as controllers and none as a provider', () => {
    expect(listed('controllers')).toEqual(
      expect.arrayContaining([TemplateHandlers, ReminderSettingsHandlers, QuotaHandlers, SenderHandlers]),
    );
    expect(listed('controllers').every(handlesMessages)).toBe(true);
    expect(listed('providers').filter(handlesMessages)).toEqual([]);
  });

  it('exports the ports the scheduler and the inbox inject; sender and quota come from the module the worker shares', () => {
    expect(listed('exports')).toEqual(expect.arrayContaining([REMINDER_COMPOSER, TEMPLATE_COMPOSER, REMINDER_TIMINGS]));
    expect(listed('exports', MessagingSendPortsModule)).toEqual(expect.arrayContaining([SENDER_DIRECTORY, MESSAGE_QUOTA]));
    expect(listed('controllers', MessagingSendPortsModule)).toEqual([]);
  });
});
