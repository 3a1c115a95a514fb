import { Module } from '@nestjs/common';
import { MessagingCoreModule } from './core/messaging-core.module';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  imports: [MessagingCoreModule],
  controllers: [OrgaPurgeHandlers],
  providers: [],
})
export class MessagingModule {}
