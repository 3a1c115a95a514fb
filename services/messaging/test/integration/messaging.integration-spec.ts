import { type EventEnvelope } from '@pawline/contracts';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the test boots the real gateway in-process (its routes and their access)
import { gatewayService } from '../../../gateway/src/gateway.service-definition';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the integration test boots the real identity service in-process (memberships)
import { identityService } from '../../../identity/src/identity.service-definition';
import { messagingService } from '../../src/messaging.service-definition';
import { TEST_SECRET } from './messaging-test-helpers';

jest.setTimeout(180_000);

describe('messaging service (real Postgres and NATS)', () => {
  let env: TestEnv;
  let service: RunningService;
  let client: NatsRpcClient;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    env = await createTestEnv();
    await env.start(identityService);
    service = await env.start(messagingService, { httpPort: 0 });
    process.env['PAWLINE_SERVICES'] = 'identity,messaging';
    await env.start(gatewayService, { httpPort: 0 });
    client = env.rpcClient();
    expect(client).toBeDefined();
    const events = env.nats().subscribe(`${env.subjectPrefix}evt.messaging.>`);
    void (async () => {
      for await (const message of events) published.push(JSON.parse(message.string()) as EventEnvelope);
    })();
  });

  afterAll(async () => {
    await env.dispose();
  });

  it('answers GET /health with postgres and nats up', async () => {
    const response = await fetch(`${service.httpUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'up', service: 'messaging', checks: { postgres: 'up', nats: 'up' } });
  });

  it('answers rpc.messaging.health over NATS in its queue group', async () => {
    const envelope = JSON.stringify({ auth: null, lang: 'en', data: {} });
    const reply = await env.nats().request(`${env.subjectPrefix}rpc.messaging.health`, envelope, { timeout: 5000 });
    expect(JSON.parse(reply.string())).toMatchObject({ ok: true, data: { status: 'up', service: 'messaging', deadLetters: 0 } });
  });
});
