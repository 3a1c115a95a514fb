import { Controller } from '@nestjs/common';
import { sessionRevokedEvent, type EventEnvelope, type EventPayload } from '@pawline/contracts';
import { EventHandler } from '@pawline/nest-kit';
import { RealtimeServer } from '../realtime/realtime.server';

@Controller()
export class SessionRevokedHandlers {
  constructor(private readonly realtime: RealtimeServer) {}

  /**
   * Closes the revoked sessions' sockets, once for all gateways (one takes each event of the
   * durable; the socket.io adapter reaches the others). Refusing their tokens is RevocationFeed's
   * work, in every gateway.
   */
  @EventHandler({ durable: 'gateway-session-revoked', events: [sessionRevokedEvent], maxDeliver: 10, transactional: false })
  async onRevoked(event: EventEnvelope<EventPayload<typeof sessionRevokedEvent>>): Promise<void> {
    this.realtime.disconnectSessions(event.data.user_id, event.data.session_ids);
  }
}
