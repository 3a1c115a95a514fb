import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { REMINDER_CLOCK, REMINDER_OPTIONS, reminderOptionsFrom, systemClock, type Clock, type ReminderOptions } from './reminder.options';
import { ReminderScheduler } from './reminder-scheduler.service';

/**
 * The reminder scheduler. `ports` bring REMINDER_COMPOSER and REMINDER_TIMINGS (../template, the settings) and
 * MESSAGE_QUOTA (../quota); the directory's tables are read directly (same schema, same module family).
 */
@Module({})
export class ReminderModule {
  static withPorts(
    ports: NonNullable<ModuleMetadata['imports']>,
    overrides: Partial<ReminderOptions> & { clock?: Clock } = {},
  ): DynamicModule {
    const { clock, ...options } = overrides;
    return {
      module: ReminderModule,
      imports: ports,
      providers: [
        { provide: REMINDER_OPTIONS, useFactory: () => ({ ...reminderOptionsFrom(process.env), ...options }) },
        { provide: REMINDER_CLOCK, useValue: clock ?? systemClock },
        ReminderScheduler,
      ],
      exports: [ReminderScheduler],
    };
  }
}
