import { Module } from '@nestjs/common';
import { AppointmentHandlers } from './appointment/appointment.handlers';
import { AppointmentCapacity } from './appointment/appointment-capacity';
import { AppointmentCheckService } from './appointment/appointment-check.service';
import { AppointmentCommands } from './appointment/appointment-commands';
import { AppointmentStatusService } from './appointment/appointment-status.service';
import { AppointmentUndoService } from './appointment/appointment-undo.service';
import { AppointmentQueries } from './appointment/appointment-queries';
import { AppointmentStore } from './appointment/appointment-store';
import { ReferencedIds } from './appointment/referenced-ids';
import { ReminderStatusHandlers } from './appointment/reminder-status.handlers';
import { ReminderStatusService } from './appointment/reminder-status.service';
import { CalendarFeedHandlers } from './calendar-feed/calendar-feed.handlers';
import { CalendarFeedService } from './calendar-feed/calendar-feed.service';
import { CustomerHistoryHandlers } from './customer-history/customer-history.handlers';
import { CustomerHistoryService } from './customer-history/customer-history.service';
import { PetRefHandlers } from './pet-ref/pet-ref.handlers';
import { StaffHoursHandlers } from './staff-hours/staff-hours.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { ReportCardHandlers } from './report-card/report-card.handlers';
import { ReportCardService } from './report-card/report-card.service';
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
    StaffHoursHandlers,
    CustomerHistoryHandlers,
    ReportCardHandlers,
  ],
  providers: [
    AppointmentQueries,
    AppointmentStore,
    AppointmentCapacity,
    AppointmentCommands,
    AppointmentCheckService,
    AppointmentStatusService,
    AppointmentUndoService,
    ReminderStatusService,
    TreatmentService,
    CalendarFeedService,
    ReferencedIds,
    CustomerHistoryService,
    ReportCardService,
  ],
})
export class SchedulingModule {}
