import { AgreementHandlers } from './agreement/agreement.handlers';
import { AgreementService } from './agreement/agreement.service';
import { Module } from '@nestjs/common';
import { DirectoryHandlers } from './directory/directory.handlers';
import { FreeSlots } from './public/free-slots';
import { PublicBookingHandlers } from './public/public-booking.handlers';
import { PublicBookingService } from './public/public-booking.service';
import { CustomerStandingHandlers } from './policy/customer-standing.handlers';
import { NoShowPolicyHandlers } from './policy/no-show-policy.handlers';
import { NoShowPolicyService } from './policy/no-show-policy.service';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { BookingRuleHandlers } from './rule/booking-rule.handlers';
import { BookingRuleService } from './rule/booking-rule.service';
import { ServiceTimeHandlers } from './service-time/service-time.handlers';
import { ServiceTimeService } from './service-time/service-time.service';
import { BookingSetupHandlers } from './setup/booking-setup.handlers';
import { BookingSetupService } from './setup/booking-setup.service';
import { BookingSlotHandlers } from './slot/booking-slot.handlers';
import { BookingSlotService } from './slot/booking-slot.service';
import { SlotAcceptService } from './slot/slot-accept.service';
import { WaitlistHandlers } from './waitlist/waitlist.handlers';
import { WaitlistService } from './waitlist/waitlist.service';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  controllers: [
    DirectoryHandlers,
    BookingRuleHandlers,
    ServiceTimeHandlers,
    BookingSetupHandlers,
    BookingSlotHandlers,
    PublicBookingHandlers,
    OrgaPurgeHandlers,
    NoShowPolicyHandlers,
    CustomerStandingHandlers,
    WaitlistHandlers,
    AgreementHandlers,
  ],
  providers: [
    BookingRuleService,
    ServiceTimeService,
    BookingSetupService,
    BookingSlotService,
    SlotAcceptService,
    FreeSlots,
    PublicBookingService,
    NoShowPolicyService,
    WaitlistService,
    AgreementService,
  ],
})
export class BookingModule {}
