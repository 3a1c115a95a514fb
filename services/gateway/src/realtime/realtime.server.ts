import type { Server as HttpServer } from 'node:http';
import { trace } from '@opentelemetry/api';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { AuthContext, MemberAccess } from '@pawline/contracts';
import type { AccessGuard } from '../auth/access.guard';
import type { Authenticator } from '../auth/authenticator';
import { ApiError } from '../http/api-error';
import type { RealtimeMessage } from './realtime-message';
import { accessRoomsOf, roomChanges } from './realtime-rooms';
import { createTracedAdapter, emitting, localSocketCount, recordDelivery } from './realtime-tracing';

/** The socket event name every realtime message is sent under. */
export const REALTIME_EVENT = 'message';
export const REALTIME_PATH = '/websocket';

const MEMBERSHIP_CHANGED = 'pawline:membership-changed';
/** How long a membership change waits for the other gateway processes to move their sockets. */
const PEERS_TIMEOUT_MS = 3_000;

/** `seen`: the change count when the membership of `rooms` was read (admission). */
type SocketData = { auth: AuthContext; orgaId: string; rooms: string[]; seen: number };

/** Drops kept memberships of an organization, or (orgaId null) of a user. */
export type MembershipDrop = (orgaId: string | null, userId: string | null) => void;

export type RealtimeLog = { warn(message: string, fields?: Record<string, unknown>): void };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * socket.io on the gateway's HTTP server at /websocket (R4.16). The handshake carries
 * `{ token, channel: orgaId, device }`; a signed-in member joins the rooms its membership opens
 * (realtime-rooms.ts, docs/adr/0012) and moves between them when a membership changes. With Redis
 * the rooms are shared by every gateway process through @socket.io/redis-adapter; each process
 * moves its own sockets.
 */
export class RealtimeServer {
  private io: Server | null = null;
  private readonly redisClients: Redis[] = [];
  private clustered = false;
  /** Moves on with every local recompute: a socket admitted meanwhile recomputes once connected. */
  private changes = 0;
  /** One recompute at a time per socket, so a late answer never undoes a newer one. */
  private readonly queues = new WeakMap<Socket, Promise<void>>();

  constructor(
    private readonly authenticator: Authenticator,
    private readonly guard: AccessGuard,
    private readonly dropMemberships: MembershipDrop,
    private readonly log: RealtimeLog = { warn: () => undefined },
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
      io.adapter(createTracedAdapter(pub, sub, { key: `${keyPrefix}socket.io`, requestsTimeout: PEERS_TIMEOUT_MS }));
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
      const { auth, rooms, seen } = socket.data as SocketData;
      void socket.join([userRoom(auth.userId), sessionRoom(auth.sessionId), ...rooms]);
      // a change that landed between reading the membership and now did not see this socket
      if (seen !== this.changes) void this.recompute(socket);
    });
    // another gateway process proxied a change (or took the identity event): move this process's sockets
    io.on(MEMBERSHIP_CHANGED, (orgaId: string | null, userId: string | null, ack?: (done: boolean) => void) => {
      this.dropMemberships(orgaId, userId);
      void this.recomputeLocal(orgaId, userId).then(() => {
        // once closing, the adapter's Redis connection is gone: its answer would fail unheard
        if (this.io === io) ack?.(true);
      });
    });
    this.io = io;
  }

  /**
   * Sends an event to its rooms (realtime-rooms.ts eventRoomsOf), on every gateway process. Records the
   * delivery (scope, rooms, this process's sockets) on the active span, the consumer's `realtime <subject>`;
   * the other processes deliver it in spans of their own, children of that one (realtime-tracing.ts).
   */
  publish(message: RealtimeMessage, rooms: readonly string[], subject: string): void {
    const io = this.io;
    const delivery = { subject, scope: message.scope };
    if (!io || rooms.length === 0) return recordDelivery(trace.getActiveSpan(), delivery, 0, 0);
    recordDelivery(trace.getActiveSpan(), delivery, rooms.length, localSocketCount(io.of('/').adapter, rooms));
    emitting(delivery, () => io.to([...rooms]).emit(REALTIME_EVENT, message));
  }

  /**
   * A membership of the organization (or, orgaId null, any of the user's) changed: drops the kept
   * memberships and moves every socket concerned, on this process and the others, into the rooms
   * of its new access; resolves once they have moved (or the other processes did not answer in
   * time). Never rejects.
   */
  async membershipChanged(orgaId: string | null, userId: string | null): Promise<void> {
    if (orgaId === null && userId === null) return;
    this.dropMemberships(orgaId, userId);
    const io = this.io;
    await Promise.all([
      this.recomputeLocal(orgaId, userId),
      this.clustered && io
        ? io.serverSideEmitWithAck(MEMBERSHIP_CHANGED, orgaId, userId).catch((error: unknown) => {
            this.log.warn('gateway peers did not confirm a membership change', { err: String(error) });
          })
        : undefined,
    ]);
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

  /** Recomputes this process's sockets of the organization (orgaId null: of the user). */
  private async recomputeLocal(orgaId: string | null, userId: string | null): Promise<void> {
    if (!this.io || (orgaId === null && userId === null)) return;
    this.changes += 1;
    const concerned: Socket[] = [];
    for (const socket of this.io.of('/').sockets.values()) {
      const data = socket.data as SocketData;
      if (orgaId !== null ? data.orgaId === orgaId : data.auth.userId === userId) concerned.push(socket);
    }
    await Promise.all(concerned.map((socket) => this.recompute(socket)));
  }

  private recompute(socket: Socket): Promise<void> {
    const next = (this.queues.get(socket) ?? Promise.resolve())
      .then(() => this.move(socket))
      .catch((error: unknown) => {
        // a socket whose rooms could not be settled is closed rather than left where it was
        this.log.warn('socket rooms not moved, socket closed', { err: String(error) });
        socket.disconnect(true);
      });
    this.queues.set(socket, next);
    return next;
  }

  /** Leaves the rooms the socket lost, joins the new ones; no membership left (or none readable) closes it. */
  private async move(socket: Socket): Promise<void> {
    if (!socket.connected) return;
    const { auth, orgaId } = socket.data as SocketData;
    let membership: MemberAccess;
    try {
      // identity refuses a revoked session's or a deactivated user's membership (forbidden/unauthorized)
      membership = await this.guard.membership(auth, orgaId);
    } catch (error) {
      // fail closed: the client reconnects after 1 s and is admitted (or not) afresh
      if (!hasCode(error)) this.log.warn('membership unreadable, socket closed', { err: String(error) });
      socket.disconnect(true);
      return;
    }
    const target = accessRoomsOf(orgaId, auth.userId, membership);
    if (target.length === 0) {
      socket.disconnect(true);
      return;
    }
    const { leave, join } = roomChanges(socket.rooms, target);
    for (const room of leave) void socket.leave(room);
    if (join.length > 0) void socket.join(join);
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
    const seen = this.changes;
    const rooms = accessRoomsOf(orgaId, auth.userId, await this.guard.membership(auth, orgaId));
    if (rooms.length === 0) throw new ApiError('forbidden');
    Object.assign(socket.data as SocketData, { auth, orgaId, rooms, seen } satisfies SocketData);
  }
}

/** An ApiError or RpcError (refused), as opposed to a failure to ask. */
function hasCode(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}
