import { Controller } from '@nestjs/common';
import {
  bookingRuleCreatedEvent,
  bookingRuleDeletedEvent,
  campaignMessageStatusEvent,
  campaignSentEvent,
  isEvent,
  reminderStatusChangedEvent,
  type EventEnvelope,
} from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';
import { orgaWritable } from '../purge/orga-tombstone';
import { EngagementService } from './engagement.service';
import { orgaOf } from './projection.handlers';

/**
 * Reminders (messaging), campaigns (marketing, messaging) and working hours (booking): one durable of their
 * own, since they touch none of the appointments' rows or counters. A new durable starts at the stream's
 * first event, so the history already published is read once when it first runs.
 */
export const ENGAGEMENT_EVENTS = [
  reminderStatusChangedEvent,
  campaignSentEvent,
  campaignMessageStatusEvent,
  bookingRuleCreatedEvent,
  bookingRuleDeletedEvent,
];

/** R1.12 statistics of reminders, campaigns and staff utilisation, read from events only (docs/architecture.md, "Data"). */
@Controller()
export class EngagementHandlers {
  constructor(private readonly engagement: EngagementService) {}

  @EventHandler({ durable: 'analytics-engagement', events: ENGAGEMENT_EVENTS, maxDeliver: 10 })
  async onEvent(event: EventEnvelope<Record<string, unknown>>, manager: EntityManager): Promise<void> {
    // R1.17 a cancelled organization's events that come after its purge are acknowledged and dropped
    if (!(await orgaWritable(manager, orgaOf(event)))) return;
    await applyEngagementEvent(this.engagement, manager, event);
  }
}

/** One event into the engagement tables, at the moment it happened (the envelope's occurredAt). */
export async function applyEngagementEvent(
  engagement: EngagementService,
  manager: EntityManager,
  event: EventEnvelope<Record<string, unknown>>,
): Promise<void> {
  const at = event.occurredAt;
  if (isEvent(event, reminderStatusChangedEvent))
    await engagement.applyReminderStatus(manager, reminderStatusChangedEvent.payload.parse(event.data), at);
  else if (isEvent(event, campaignSentEvent)) await engagement.applyCampaignSent(manager, campaignSentEvent.payload.parse(event.data), at);
  else if (isEvent(event, campaignMessageStatusEvent))
    await engagement.applyCampaignMessage(manager, campaignMessageStatusEvent.payload.parse(event.data), at);
  else if (isEvent(event, bookingRuleCreatedEvent))
    await engagement.applyRuleCreated(manager, bookingRuleCreatedEvent.payload.parse(event.data));
  else if (isEvent(event, bookingRuleDeletedEvent))
    await engagement.applyRuleDeleted(manager, bookingRuleDeletedEvent.payload.parse(event.data), at);
}
