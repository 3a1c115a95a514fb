import { Inject, Injectable, Module, type INestApplication, type OnModuleDestroy } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Redis } from 'ioredis';
import { KIT_CONFIG, NATS_CONNECTION, NatsRpcClient, PawlineLogger, SERVICE_CONFIG, type KitConfig } from '@pawline/nest-kit';
import { AccessGuard } from './auth/access.guard';
import { identityApiKeyChecker } from './auth/api-key-checker';
import { Authenticator } from './auth/authenticator';
import { MembershipCache } from './auth/membership-cache';
import { RevocationFeed } from './auth/revocation-feed';
import { MemorySessionRevocationStore, type SessionRevocationStore } from './auth/session-revocation.store';
import { MembershipFeed } from './events/membership-feed';
import { WeekAnswersFeed } from './events/week-answers.feed';
import { WeekAnswers } from './http/week-answers';
import { RealtimeEventsConsumer } from './events/realtime-events.consumer';
import { SessionRevokedHandlers } from './events/session-revoked.handlers';
import { GATEWAY_CONFIG, toGatewayConfig, type GatewayConfig, type GatewayEnv } from './gateway-config';
import { connectRedis } from './gateway-redis';
import { GATEWAY_REDIS, SESSION_REVOCATIONS } from './gateway.tokens';
import { GatewayHealthChecker } from './health/gateway-health';
import { installGatewayHttp } from './http/gateway-http';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './rate-limit/rate-limiter';
import { RealtimeServer } from './realtime/realtime.server';
import { gatewayRoutes } from './routes/gateway.routes';

/** Redis keys of this gateway (and its peers on the same subject prefix). */
function redisKeyPrefix(kit: KitConfig): string {
  return `pawline:${kit.subjectPrefix}gw:`;
}

@Injectable()
export class GatewayLifecycle implements OnModuleDestroy {
  constructor(
    private readonly realtime: RealtimeServer,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis | null,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.realtime.close();
    await this.redis?.quit().catch(() => undefined);
  }
}

@Module({
  controllers: [SessionRevokedHandlers],
  providers: [
    { provide: GATEWAY_CONFIG, useFactory: (env: GatewayEnv) => toGatewayConfig(env), inject: [SERVICE_CONFIG] },
    {
      provide: GATEWAY_REDIS,
      useFactory: (kit: KitConfig, logger: PawlineLogger) => {
        let reported = false;
        return connectRedis(kit.redisUrl, (error) => {
          if (reported) return;
          reported = true;
          logger.warn('Redis unavailable; rate limits and realtime rooms stay within this process', { err: String(error) });
        });
      },
      inject: [KIT_CONFIG, PawlineLogger],
    },
    { provide: SESSION_REVOCATIONS, useFactory: (): SessionRevocationStore => new MemorySessionRevocationStore() },
    {
      provide: RateLimiter,
      useFactory: (redis: Redis | null, kit: KitConfig) =>
        new RateLimiter(redis ? new RedisRateLimitStore(redis, redisKeyPrefix(kit)) : new MemoryRateLimitStore()),
      inject: [GATEWAY_REDIS, KIT_CONFIG],
    },
    { provide: MembershipCache, useFactory: () => new MembershipCache() },
    {
      provide: Authenticator,
      useFactory: (config: GatewayConfig, revocations: SessionRevocationStore, rpc: NatsRpcClient) =>
        new Authenticator(config.authTokenSecret, revocations, Date.now, identityApiKeyChecker(rpc)),
      inject: [GATEWAY_CONFIG, SESSION_REVOCATIONS, NatsRpcClient],
    },
    {
      provide: AccessGuard,
      useFactory: (rpc: NatsRpcClient, cache: MembershipCache) => new AccessGuard(rpc, cache),
      inject: [NatsRpcClient, MembershipCache],
    },
    {
      provide: RealtimeServer,
      useFactory: (auth: Authenticator, guard: AccessGuard, cache: MembershipCache, logger: PawlineLogger) =>
        new RealtimeServer(
          auth,
          guard,
          (orgaId, userId) => {
            if (orgaId) cache.dropOrganization(orgaId);
            else if (userId) cache.dropUser(userId);
          },
          logger.child({ context: 'RealtimeServer' }),
        ),
      inject: [Authenticator, AccessGuard, MembershipCache, PawlineLogger],
    },
    {
      provide: GatewayHealthChecker,
      useFactory: (rpc: NatsRpcClient, config: GatewayConfig, nc: NatsConnection, redis: Redis | null) =>
        new GatewayHealthChecker(rpc, config.services, {
          nats: () => (nc.isClosed() ? 'down' : 'up'),
          redis: async () => {
            if (!redis) return 'off';
            const timeout = new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), GatewayHealthChecker.TIMEOUT_MS).unref());
            return Promise.race([
              redis.ping().then(
                (): 'up' => 'up',
                (): 'down' => 'down',
              ),
              timeout,
            ]);
          },
        }),
      inject: [NatsRpcClient, GATEWAY_CONFIG, NATS_CONNECTION, GATEWAY_REDIS],
    },
    GatewayLifecycle,
    RevocationFeed,
    RealtimeEventsConsumer,
    MembershipFeed,
    { provide: WeekAnswers, useFactory: () => new WeekAnswers() },
    WeekAnswersFeed,
  ],
})
export class GatewayModule {}

/** ServiceDefinition.configure of the gateway: HTTP routes and socket.io on Nest's server, before it listens. */
export function configureGateway(app: INestApplication, kit: KitConfig): void {
  const config = app.get<GatewayConfig>(GATEWAY_CONFIG);
  const rpc = app.get(NatsRpcClient);
  const logger = app.get(PawlineLogger);
  const httpServer = installGatewayHttp(app, {
    routes: gatewayRoutes({ mailSandbox: config.mailSandbox, health: app.get(GatewayHealthChecker) }),
    rpc,
    mailSandbox: config.mailSandbox,
    messagingSandbox: config.messagingSandbox,
    frontendsDir: config.frontendsDir,
    publicUrl: config.publicUrl,
    deps: {
      rpc,
      authenticator: app.get(Authenticator),
      guard: app.get(AccessGuard),
      // drops the kept memberships and moves the realtime sockets (every gateway process) before the answer
      onIdentityChange: (orgaId, userId) => app.get(RealtimeServer).membershipChanged(orgaId, userId),
      weekAnswers: app.get(WeekAnswers),
      rateLimiter: app.get(RateLimiter),
      revocations: app.get<SessionRevocationStore>(SESSION_REVOCATIONS),
      secureCookies: config.secureCookies,
      publicOrigin: new URL(config.publicUrl).origin,
      trustedProxies: config.trustedProxies,
      onUnexpectedError: (error, req) =>
        logger.error('request failed', {
          err: error instanceof Error ? (error.stack ?? error.message) : String(error),
          path: (req.url ?? '').split('?')[0],
        }),
    },
  });
  app.get(RealtimeServer).attach(httpServer, app.get<Redis | null>(GATEWAY_REDIS), redisKeyPrefix(kit));
}
