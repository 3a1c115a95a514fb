import { Module } from '@nestjs/common';
import { AppointmentHandlers } from './appointment/appointment.handlers';
import { AppointmentService } from './appointment/appointment.service';
import { CalendarFeedHandlers } from './calendar-feed/calendar-feed.handlers';
import { CalendarFeedService } from './calendar-feed/calendar-feed.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { TreatmentHandlers } from './treatment/treatment.handlers';
import { TreatmentService } from './treatment/treatment.service';

@Module({
  controllers: [AppointmentHandlers, TreatmentHandlers, CalendarFeedHandlers, OrgaPurgeHandlers],
  providers: [AppointmentService, TreatmentService, CalendarFeedService],
})
export class SchedulingModule {}
