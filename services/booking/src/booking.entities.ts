import type { MigrationInterface } from 'typeorm';
import {
  BookingBusyEntity,
  BookingOrgaPlanEntity,
  BookingStaffEntity,
  BookingStoreEntity,
  BookingTreatmentEntity,
} from './directory/directory.entities';
import { AgreementAcceptanceEntity, StoreAgreementEntity } from './agreement/agreement.entity';
import { BookingAgreement1795800200000 } from './migrations/1795800200000-booking-agreement';
import { BookingInit1795520000000 } from './migrations/1795520000000-booking-init';
import { BookingOrgaPlan1795552000100 } from './migrations/1795552000100-booking-orga-plan';
import { BookingCapacity1795600100000 } from './migrations/1795600100000-booking-capacity';
import { BookingNoShowPolicy1795700400000 } from './migrations/1795700400000-booking-no-show-policy';
import { BookingCustomerStanding1795700500000 } from './migrations/1795700500000-booking-customer-standing';
import { BookingCustomerStandingEntity } from './policy/customer-standing.entity';
import { BookingNoShowPolicyEntity } from './policy/no-show-policy.entity';
import { BookingRuleEntity } from './rule/booking-rule.entity';
import { ServiceTimeEntity } from './service-time/service-time.entity';
import { BookingSlotEntity, UsedChallengeEntity } from './slot/booking-slot.entity';
import { BookingWaitlist1796300000000 } from './migrations/1796300000000-booking-waitlist';
import { BookingWaitlistEntryEntity, BookingWaitlistOfferEntity, BookingWaitlistOpeningEntity } from './waitlist/waitlist.entities';

export const BOOKING_ENTITIES: (new () => unknown)[] = [
  BookingStoreEntity,
  BookingStaffEntity,
  BookingTreatmentEntity,
  BookingBusyEntity,
  BookingRuleEntity,
  ServiceTimeEntity,
  BookingSlotEntity,
  UsedChallengeEntity,
  BookingOrgaPlanEntity,
  BookingNoShowPolicyEntity,
  BookingCustomerStandingEntity,
  BookingWaitlistEntryEntity,
  BookingWaitlistOpeningEntity,
  BookingWaitlistOfferEntity,
  StoreAgreementEntity,
  AgreementAcceptanceEntity,
];

export const BOOKING_MIGRATIONS: (new () => MigrationInterface)[] = [
  BookingInit1795520000000,
  BookingOrgaPlan1795552000100,
  BookingCapacity1795600100000,
  BookingNoShowPolicy1795700400000,
  BookingCustomerStanding1795700500000,
  BookingWaitlist1796300000000,
  BookingAgreement1795800200000,
];
