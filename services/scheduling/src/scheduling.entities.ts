import { AppointmentChangeEntity } from './appointment/appointment-change.entity';
import { AppointmentPetEntity } from './appointment/appointment-pet.entity';
import { AppointmentTreatmentEntity } from './appointment/appointment-treatment.entity';
import { AppointmentEntity } from './appointment/appointment.entity';
import { CalendarFeedEntity } from './calendar-feed/calendar-feed.entity';
import { SchedulingInit1764200000000 } from './migrations/1764200000000-scheduling-init';
import { CalendarVersion1764300000000 } from './migrations/1764300000000-calendar-version';
import { ReferencedIds1764400000000 } from './migrations/1764400000000-referenced-ids';
import { TreatmentColour1795520100000 } from './migrations/1795520100000-treatment-colour';
import { SchedulingCapacity1795600200000 } from './migrations/1795600200000-scheduling-capacity';
import { SchedulingUndo1795600300000 } from './migrations/1795600300000-scheduling-undo';
import { SchedulingDeclinedAt1795700300000 } from './migrations/1795700300000-scheduling-declined-at';
import { SchedulingReportCard1795800100000 } from './migrations/1795800100000-scheduling-report-card';
import { ReportCardEntity } from './report-card/report-card.entity';
import { PetRefEntity } from './pet-ref/pet-ref.entity';
import { StaffHoursEntity } from './staff-hours/staff-hours.entity';
import { TreatmentEntity } from './treatment/treatment.entity';
import { CalendarDayVersionEntity } from './week-cache/calendar-day-version.entity';

export const SCHEDULING_ENTITIES = [
  TreatmentEntity,
  AppointmentEntity,
  AppointmentTreatmentEntity,
  AppointmentPetEntity,
  CalendarFeedEntity,
  CalendarDayVersionEntity,
  PetRefEntity,
  StaffHoursEntity,
  AppointmentChangeEntity,
  ReportCardEntity,
];

export const SCHEDULING_MIGRATIONS = [
  SchedulingInit1764200000000,
  CalendarVersion1764300000000,
  ReferencedIds1764400000000,
  TreatmentColour1795520100000,
  SchedulingCapacity1795600200000,
  SchedulingUndo1795600300000,
  SchedulingDeclinedAt1795700300000,
  SchedulingReportCard1795800100000,
];
