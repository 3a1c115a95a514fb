import { Inject, Injectable } from '@nestjs/common';
import { sessionRevokedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import { MembershipCache } from '../auth/membership-cache';
import type { SessionRevocationStore } from '../auth/session-revocation.store';
import { SESSION_REVOCATIONS } from '../gateway.tokens';
import { RealtimeServer } from '../realtime/realtime.server';

@Injectable()
export class SessionRevokedHandlers {
  constructor(
    @Inject(SESSION_REVOCATIONS) private readonly revocations: SessionRevocationStore,
    private readonly realtime: RealtimeServer,
    private readonly memberships: MembershipCache,
  ) {}

  /** Revoked sessions are refused at once (for the access-token lifetime) and their sockets closed. */
  @EventHandler({ durable: 'gateway-session-revoked', events: [sessionRevokedEvent], maxDeliver: 10, transactional: false })
  async onRevoked(event: EventEnvelope<EventPayload<typeof sessionRevokedEvent>>): Promise<void> {
    const { user_id, session_ids, revoked_at } = event.data;
    const at = new Date(revoked_at);
    await this.revocations.revoke(user_id, session_ids, Number.isNaN(at.getTime()) ? new Date(event.occurredAt) : at);
    this.memberships.dropUser(user_id);
    this.realtime.disconnectSessions(user_id, session_ids);
  }
}
