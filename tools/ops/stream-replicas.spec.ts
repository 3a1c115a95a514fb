// NATS_STREAM_REPLICAS on a real three-node JetStream cluster (nats-server processes on loopback, as the
// StatefulSet of deploy/k8s runs them): the kit creates EVENTS and WORK with 3 replicas, and with one node
// killed the other two still acknowledge a published job. Skipped when nats-server is not installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { until } from '@pawline/nest-kit/testing';
import { ensureStreams } from '../../libs/nest-kit/src/nats/jetstream-streams';

const natsServer = spawnSync('nats-server', ['--version'], { encoding: 'utf8' }).status === 0;
if (!natsServer) console.warn('stream-replicas: SKIPPED: no nats-server on PATH');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

(natsServer ? describe : describe.skip)('three JetStream nodes and NATS_STREAM_REPLICAS=3', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawline-nats3-'));
  const nodes: { client: number; cluster: number; process?: ChildProcess }[] = [];
  let nc: NatsConnection | null = null;
  const previous = process.env['NATS_STREAM_REPLICAS'];

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) nodes.push({ client: await freePort(), cluster: await freePort() });
    const routes = nodes.map((n) => `nats://127.0.0.1:${n.cluster}`).join(', ');
    nodes.forEach((node, i) => {
      const conf = path.join(dir, `n${i}.conf`);
      fs.writeFileSync(
        conf,
        `server_name: n${i}\nlisten: 127.0.0.1:${node.client}\njetstream { store_dir: "${path.join(dir, `js${i}`)}" }\n` +
          `cluster { name: pawline-test\n listen: 127.0.0.1:${node.cluster}\n routes: [${routes}] }\n`,
      );
      node.process = spawn('nats-server', ['-c', conf], { stdio: 'ignore' });
    });
    nc = await connect({ servers: nodes.map((n) => `nats://127.0.0.1:${n.client}`), maxReconnectAttempts: -1, reconnectTimeWait: 200 });
    process.env['NATS_STREAM_REPLICAS'] = '3';
    // the cluster elects its meta leader a few seconds after the routes connect
    await until(() => ensureStreams(nc!, { subjectPrefix: 'rep.' }).then(() => true), {
      timeoutMs: 30_000,
      intervalMs: 500,
      what: 'the streams',
    });
  }, 60_000);

  afterAll(async () => {
    if (previous === undefined) delete process.env['NATS_STREAM_REPLICAS'];
    else process.env['NATS_STREAM_REPLICAS'] = previous;
    await nc?.close();
    for (const node of nodes) node.process?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates EVENTS and WORK with 3 replicas, and acknowledges a job with one node down', async () => {
    const js = jetstream(nc!);
    const jsm = await js.jetstreamManager();
    for (const name of ['REP_EVENTS', 'REP_WORK']) {
      const info = await jsm.streams.info(name);
      expect(info.config.num_replicas).toBe(3);
      expect(info.cluster?.replicas?.length).toBe(2);
    }
    const leader = (await jsm.streams.info('REP_WORK')).cluster?.leader;
    // kill a node that is not the stream's leader and not the one we may be connected to: any one of the followers
    const victim = nodes.findIndex((_, i) => `n${i}` !== leader);
    nodes[victim].process!.kill('SIGKILL');
    const ack = await until(() => js.publish('rep.work.test.v1', new TextEncoder().encode('job'), { timeout: 2000 }), {
      timeoutMs: 30_000,
      intervalMs: 250,
      what: 'the job acknowledged with one node down',
    });
    expect(ack.stream).toBe('REP_WORK');
    const info = await jsm.streams.info('REP_WORK');
    expect(info.state.messages).toBe(1);
  }, 60_000);
});
