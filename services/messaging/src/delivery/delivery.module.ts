import { Global, Module } from '@nestjs/common';
import { OUTBOUND_SENDER } from '../ports';
import { DeliveryStatusHandlers } from './delivery-status.handlers';
import { OutboundSenderService } from './outbound-sender.service';

/** The messaging service's side of delivery: provider statuses onto messages, and OUTBOUND_SENDER for replies and campaigns. */
@Global()
@Module({
  controllers: [DeliveryStatusHandlers],
  providers: [OutboundSenderService, { provide: OUTBOUND_SENDER, useExisting: OutboundSenderService }],
  exports: [OUTBOUND_SENDER],
})
export class DeliveryModule {}
