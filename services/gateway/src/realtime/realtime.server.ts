import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { AuthContext } from '@pawline/contracts';
import type { AccessGuard } from '../auth/access.guard';
import type { Authenticator } from '../auth/authenticator';
import type { RealtimeMessage } from './realtime-message';

/** The socket event name every realtime message is sent under. */
export const REALTIME_EVENT = 'message';
export const REALTIME_PATH = '/websocket';

const MEMBERSHIP_CHANGED = 'pawline:membership-changed';

type SocketData = { auth: AuthContext; orgaId: string };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const orgaRoom = (orgaId: string) => `orga:${orgaId}`;
const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * socket.io on the gateway's HTTP server at /websocket (R4.16). The handshake carries
 * `{ token, channel: orgaId, device }`; a signed-in member joins `orga:<id>`. With Redis the
 * rooms are shared by every gateway process through @socket.io/redis-adapter.
 */
export class RealtimeServer {
  private io: Server | null = null;
  private readonly redisClients: Redis[] = [];
  private clustered = false;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly guard: AccessGuard,
    private readonly onMembershipChanged: (orgaId: string) => void,
  ) {}

  attach(httpServer: HttpServer, redis: Redis | null, keyPrefix: string): void {
    const io = new Server(httpServer, {
      path: REALTIME_PATH,
      serveClient: false,
    });
    if (redis) {
      const pub = redis.duplicate();
      const sub = redis.duplicate();
      this.redisClients.push(pub, sub);
      io.adapter(createAdapter(pub, sub, { key: `${keyPrefix}socket.io` }));
      this.clustered = true;
    }
    io.use((socket, next) => {
      this.admit(socket)
        .then(() => next())
        .catch((error: unknown) => {
          const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unauthorized';
          next(Object.assign(new Error(code), { data: { code } }));
        });
    });
    io.on('connection', (socket) => {
      const { auth, orgaId } = socket.data as SocketData;
      void socket.join([orgaRoom(orgaId), userRoom(auth.userId), sessionRoom(auth.sessionId)]);
    });
    io.on(MEMBERSHIP_CHANGED, (orgaId: string) => this.onMembershipChanged(orgaId));
    this.io = io;
  }

  /** Sends an event of an organization to its room, on every gateway process. */
  publish(message: RealtimeMessage): void {
    this.io?.to(orgaRoom(message.channel)).emit(REALTIME_EVENT, message);
  }

  /** Tells the other gateway processes to forget cached memberships of an organization. */
  announceMembershipChange(orgaId: string): void {
    if (this.clustered) this.io?.serverSideEmit(MEMBERSHIP_CHANGED, orgaId);
  }

  /** Closes the sockets of revoked sessions (all of the user's when sessionIds is null). */
  disconnectSessions(userId: string, sessionIds: string[] | null): void {
    if (!this.io) return;
    const rooms = sessionIds === null ? [userRoom(userId)] : sessionIds.map(sessionRoom);
    if (rooms.length > 0) this.io.in(rooms).disconnectSockets(true);
  }

  async close(): Promise<void> {
    const io = this.io;
    this.io = null;
    if (io) {
      io.local.disconnectSockets(true);
      // not io.close(): the HTTP server belongs to Nest, which closes it
      io.engine.close();
      await io.of('/').adapter.close();
    }
    await Promise.allSettled(this.redisClients.map((client) => client.quit()));
  }

  private async admit(socket: Socket): Promise<void> {
    const handshake = (socket.handshake.auth ?? {}) as { token?: unknown; channel?: unknown; device?: unknown };
    if (typeof handshake.token !== 'string' || handshake.token === '')
      throw Object.assign(new Error('unauthorized'), { code: 'unauthorized' });
    const device = typeof handshake.device === 'string' ? handshake.device : undefined;
    const auth = await this.authenticator.fromToken(handshake.token, device);
    if (typeof handshake.channel !== 'string' || !uuid.test(handshake.channel))
      throw Object.assign(new Error('forbidden'), { code: 'forbidden' });
    const orgaId = handshake.channel.toLowerCase();
    await this.guard.check(auth, 'member', orgaId, null);
    (socket.data as SocketData).auth = auth;
    (socket.data as SocketData).orgaId = orgaId;
  }
}
