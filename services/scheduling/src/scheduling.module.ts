import { Module } from '@nestjs/common';
import { AppointmentHandlers } from './appointment/appointment.handlers';
import { AppointmentService } from './appointment/appointment.service';
import { ReferencedIds } from './appointment/referenced-ids';
import { ReminderStatusHandlers } from './appointment/reminder-status.handlers';
import { CalendarFeedHandlers } from './calendar-feed/calendar-feed.handlers';
import { CalendarFeedService } from './calendar-feed/calendar-feed.service';
import { CustomerHistoryHandlers } from './customer-history/customer-history.handlers';
import { CustomerHistoryService } from './customer-history/customer-history.service';
import { PetRefHandlers } from './pet-ref/pet-ref.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { TreatmentHandlers } from './treatment/treatment.handlers';
import { TreatmentService } from './treatment/treatment.service';

@Module({
  controllers: [
    AppointmentHandlers,
    TreatmentHandlers,
    CalendarFeedHandlers,
    OrgaPurgeHandlers,
    PetRefHandlers,
    ReminderStatusHandlers,
    CustomerHistoryHandlers,
  ],
  providers: [AppointmentService, TreatmentService, CalendarFeedService, ReferencedIds, CustomerHistoryService],
})
export class SchedulingModule {}
