import { imageNodeArgs, natsNodeConfig, parseClusterArgs, portPlan, rssTable } from './cluster.cjs';

describe('npm start -- --cluster: arguments', () => {
  it('defaults to two messaging workers and a build', () => {
    expect(parseClusterArgs(['--cluster'])).toEqual({ workers: 2, build: true, help: false });
  });

  it('reads --workers=N and --no-build', () => {
    expect(parseClusterArgs(['--cluster', '--workers=5', '--no-build'])).toEqual({ workers: 5, build: false, help: false });
  });

  it.each(['--workers=0', '--workers=17', '--workers=two', '--workers=', '--split'])('refuses %s with the usage', (arg) => {
    const flags = parseClusterArgs(['--cluster', arg]);
    expect(flags.error).toContain(arg);
    expect(flags.error).toContain('Usage: npm start -- --cluster');
  });
});

describe('npm start -- --cluster: port plan', () => {
  it('gives the two gateways PORT and PORT+1, and every other process its own port from the base', () => {
    const plan = portPlan({ gatewayPort: 3000, base: 4400, services: ['identity', 'messaging'], workers: 3 });
    expect(plan.gateways).toEqual([3000, 3001]);
    expect(plan.nats).toEqual([
      { name: 'nats-1', client: 4400, cluster: 4410 },
      { name: 'nats-2', client: 4401, cluster: 4411 },
      { name: 'nats-3', client: 4402, cluster: 4412 },
    ]);
    expect(plan.services).toEqual([
      { name: 'identity', port: 4420 },
      { name: 'messaging', port: 4421 },
    ]);
    expect(plan.workers.map((w) => [w.name, w.port])).toEqual([
      ['messaging-worker-1', 4440],
      ['messaging-worker-2', 4441],
      ['messaging-worker-3', 4442],
    ]);
  });

  it('refuses a gateway port that falls on a planned port', () => {
    expect(() => portPlan({ gatewayPort: 4401, base: 4400, services: [], workers: 1 })).toThrow('planned twice');
  });

  it('refuses ports past 65535', () => {
    expect(() => portPlan({ gatewayPort: 3000, base: 65530, services: ['a'], workers: 1 })).toThrow('out of range');
  });
});

describe('npm start -- --cluster: nats-server configuration', () => {
  const nodes = portPlan({ gatewayPort: 3000, base: 4400, services: [], workers: 1 }).nats;
  const text = natsNodeConfig({ node: nodes[1], nodes, storeDir: '/tmp/c/nats-2' });

  it('names the node, listens on loopback and keeps JetStream in its own store with fsync always', () => {
    expect(text).toContain('server_name: nats-2\n');
    expect(text).toContain('listen: 127.0.0.1:4401\n');
    expect(text).toMatch(/jetstream \{\n {2}store_dir: "\/tmp\/c\/nats-2"\n[^}]*sync_interval: always\n\}/);
  });

  it('joins one cluster with routes to all three nodes', () => {
    expect(text).toContain('cluster {\n  name: pawline-local\n  listen: 127.0.0.1:4411\n');
    for (const port of [4410, 4411, 4412]) expect(text).toContain(`nats-route://127.0.0.1:${port}`);
  });
});

describe('RSS table', () => {
  it('prints this process resident memory and a total, and "gone" for an exited one', () => {
    const table = rssTable([
      { name: 'me', port: 1, pid: process.pid },
      { name: 'dead', port: 2, pid: null },
    ]);
    const mine = /me\s+1\s+\d+\s+(\d+)/.exec(table);
    expect(Number(mine?.[1])).toBeGreaterThan(10);
    expect(table).toMatch(/dead\s+2\s+-\s+gone/);
    expect(table).toMatch(new RegExp(`total\\s+${mine?.[1]}\\n?$`));
  });
});

describe('npm start -- --cluster: Node arguments of the image processes', () => {
  it('passes none by default, as the image entry point', () => {
    expect(imageNodeArgs({})).toEqual([]);
  });

  it('takes V8 options NODE_OPTIONS refuses from PAWLINE_NODE_ARGS', () => {
    expect(imageNodeArgs({ PAWLINE_NODE_ARGS: ' --optimize-for-size  --v8-pool-size=1 ' })).toEqual([
      '--optimize-for-size',
      '--v8-pool-size=1',
    ]);
  });
});
