// The Kubernetes deployment (deploy/k8s): each overlay rendered with `kubectl kustomize`, every object
// validated against the pinned schemas (tools/ops/validate-k8s.mjs: kubernetes-models and
// @kubernetes-models/keda, no network), and the deployment's rules checked on what would be applied.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { parseAllDocuments } from 'yaml';
import { fakeS3 } from '@pawline/nest-kit/testing';
import { streamConfigs, streamReplicas } from '../../libs/nest-kit/src/nats/jetstream-streams';
import { backupUploadConfigSchema, uploadBackups } from './backup-upload';

const root = path.resolve(__dirname, '../..');
const k8s = path.join(root, 'deploy', 'k8s');
const validator = path.join(__dirname, 'validate-k8s.mjs');
// every process the launcher starts (its health-port table), so a new service without manifests fails here
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the launcher is CommonJS
const { SERVICE_PORTS } = require('../launcher/stack.cjs') as { SERVICE_PORTS: Record<string, number> };
const PROCESSES = [...Object.keys(SERVICE_PORTS), 'gateway'];

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are plain YAML trees */
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: any; data?: any };

function kubectlVersion(): string | null {
  const result = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().split('\n')[0] : null;
}
const kubectl = kubectlVersion();
if (!kubectl) {
  console.warn(
    'deploy-manifests: SKIPPED: no kubectl on this machine (kubectl kustomize renders the overlays); install kubectl to run these tests',
  );
}

function render(overlay: string): K8sObject[] {
  const text = execFileSync('kubectl', ['kustomize', path.join(k8s, 'overlays', overlay)], { encoding: 'utf8', maxBuffer: 32 << 20 });
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as K8sObject)
    .filter(Boolean);
}

type Validation = { apiVersion: string; kind: string; name: string | null; error: string | null };
function validate(objects: unknown[]): Validation[] {
  const result = spawnSync(process.execPath, [validator], { input: JSON.stringify(objects), encoding: 'utf8', cwd: root });
  if (!result.stdout) throw new Error(`validate-k8s.mjs wrote nothing: ${result.stderr}`);
  return JSON.parse(result.stdout) as Validation[];
}

/** What breaks the deployment's rules in one pod template (kind: the owner's kind). */
export function podProblems(owner: K8sObject, template: any): string[] {
  const problems: string[] = [];
  const pod = template?.spec ?? {};
  const where = `${owner.kind}/${owner.metadata.name}`;
  for (const container of [...(pod.containers ?? []), ...(pod.initContainers ?? [])]) {
    const at = `${where} container ${container.name}`;
    const resources = container.resources ?? {};
    for (const kind of ['requests', 'limits'])
      for (const resource of ['cpu', 'memory']) if (!resources[kind]?.[resource]) problems.push(`${at}: no ${kind}.${resource}`);
    const security = container.securityContext ?? {};
    if (security.runAsNonRoot !== true && pod.securityContext?.runAsNonRoot !== true) problems.push(`${at}: runAsNonRoot not set`);
    if (security.readOnlyRootFilesystem !== true) problems.push(`${at}: root file system not read-only`);
    if (security.allowPrivilegeEscalation !== false) problems.push(`${at}: privilege escalation allowed`);
    if (!(security.capabilities?.drop ?? []).includes('ALL')) problems.push(`${at}: capabilities not dropped (ALL)`);
    if (owner.kind !== 'Job' && owner.kind !== 'CronJob') {
      if (!container.readinessProbe) problems.push(`${at}: no readiness probe`);
      if (!container.livenessProbe) problems.push(`${at}: no liveness probe`);
    }
  }
  if (!pod.containers?.length) problems.push(`${where}: no containers`);
  return problems;
}

export function templateOf(object: K8sObject): any {
  if (object.kind === 'CronJob') return object.spec?.jobTemplate?.spec?.template ?? null;
  return object.kind === 'Job' || object.kind === 'Deployment' || object.kind === 'StatefulSet' ? object.spec?.template : null;
}

/** read by Node itself, not by our code */
const NODE_SETTINGS = ['NODE_ENV', 'NODE_OPTIONS', 'POD_NAME'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name) ? [full] : [];
  });
}

const find = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const configOf = (objects: K8sObject[]) =>
  objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('pawline-config'))?.data ?? {};
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

describe('the validator and the rules can fail', () => {
  it('refuses a Deployment without selector, a ScaledObject with a number in its trigger metadata, and an unknown kind', () => {
    const results = validate([
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'bad' }, spec: { template: { spec: { containers: [] } } } },
      {
        apiVersion: 'keda.sh/v1alpha1',
        kind: 'ScaledObject',
        metadata: { name: 'bad' },
        spec: { scaleTargetRef: { name: 'messaging-worker' }, triggers: [{ type: 'nats-jetstream', metadata: { lagThreshold: 500 } }] },
      },
      { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'bad' } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'good' }, data: { a: 'b' } },
    ]);
    expect(results.map((r) => r.error)).toEqual([
      expect.stringContaining('selector'),
      expect.stringContaining('lagThreshold must be string'),
      'no schema for example.com/v1 Thing',
      null,
    ]);
  });

  it('flags a container without limits, running as root, with a writable root and no probes', () => {
    const deployment: K8sObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'bad' } };
    const problems = podProblems(deployment, {
      spec: { containers: [{ name: 'app', resources: { requests: { cpu: '1', memory: '1Gi' } } }] },
    });
    expect(problems).toEqual([
      'Deployment/bad container app: no limits.cpu',
      'Deployment/bad container app: no limits.memory',
      'Deployment/bad container app: runAsNonRoot not set',
      'Deployment/bad container app: root file system not read-only',
      'Deployment/bad container app: privilege escalation allowed',
      'Deployment/bad container app: capabilities not dropped (ALL)',
      'Deployment/bad container app: no readiness probe',
      'Deployment/bad container app: no liveness probe',
    ]);
  });

  it('checks a CronJob’s pod as any other (a job: no probes asked)', () => {
    const cronJob: K8sObject = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'bad' },
      spec: { jobTemplate: { spec: { template: { spec: { containers: [{ name: 'dump', securityContext: { runAsNonRoot: true } }] } } } } },
    };
    expect(podProblems(cronJob, templateOf(cronJob))).toEqual([
      'CronJob/bad container dump: no requests.cpu',
      'CronJob/bad container dump: no requests.memory',
      'CronJob/bad container dump: no limits.cpu',
      'CronJob/bad container dump: no limits.memory',
      'CronJob/bad container dump: root file system not read-only',
      'CronJob/bad container dump: privilege escalation allowed',
      'CronJob/bad container dump: capabilities not dropped (ALL)',
    ]);
  });
});

describe('NATS_STREAM_REPLICAS (the kit creates the streams with it)', () => {
  it('gives EVENTS and WORK 3 replicas when set to 3, 1 when unset, and refuses nonsense', () => {
    expect(streamConfigs({ subjectPrefix: '' }, { NATS_STREAM_REPLICAS: '3' }).map((s) => [s.name, s.num_replicas])).toEqual([
      ['EVENTS', 3],
      ['WORK', 3],
    ]);
    expect(streamConfigs({ subjectPrefix: '' }, {}).map((s) => s.num_replicas)).toEqual([1, 1]);
    expect(() => streamReplicas({ NATS_STREAM_REPLICAS: 'three' })).toThrow('NATS_STREAM_REPLICAS');
  });
});

(kubectl ? describe : describe.skip).each(['one-node', 'production'])('deploy/k8s/overlays/%s', (overlay) => {
  let objects: K8sObject[] = [];
  beforeAll(() => {
    objects = render(overlay);
  });

  it('renders, and every object is valid against the Kubernetes and KEDA schemas', () => {
    expect(objects.length).toBeGreaterThan(30);
    const invalid = validate(objects).filter((r) => r.error);
    expect(invalid).toEqual([]);
  });

  it('has a Deployment and a PodDisruptionBudget per process, every container limited, non-root, read-only, with probes', () => {
    for (const name of PROCESSES) {
      const deployment = find(objects, 'Deployment', name);
      expect(deployment?.spec.template.spec.containers[0].args).toEqual([name]);
      const pdb = objects.find(
        (o) => o.kind === 'PodDisruptionBudget' && matches(o.spec.selector.matchLabels, deployment?.spec.template.metadata.labels),
      );
      expect(pdb).toBeDefined();
    }
    const problems = objects.flatMap((o) => (templateOf(o) ? podProblems(o, templateOf(o)) : []));
    expect(problems).toEqual([]);
  });

  it('closes the network: default deny, DNS allowed, only the gateway reachable from outside, processes reach only NATS, Postgres, Redis and the collector', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress && !p.spec.egress);
    expect(deny?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const dns = policies.find((p) => Object.keys(p.spec.podSelector).length === 0 && p.spec.egress);
    expect(dns?.spec.egress.flatMap((rule: any) => rule.ports.map((port: any) => `${port.protocol}/${port.port}`)).sort()).toEqual([
      'TCP/53',
      'UDP/53',
    ]);
    // ingress from another namespace: only to the gateway's pods (KEDA reads NATS's monitoring port)
    const fromOutside = policies.flatMap((p) =>
      (p.spec.ingress ?? [])
        .filter((rule: any) => (rule.from ?? []).some((peer: any) => peer.namespaceSelector || peer.ipBlock))
        .map(
          (rule: any) => `${p.spec.podSelector.matchLabels?.['app.kubernetes.io/name']}:${rule.ports.map((x: any) => x.port).join(',')}`,
        ),
    );
    expect(fromOutside.sort()).toEqual(['gateway:3000', 'nats:8222']);
    expect(objects.filter((o) => o.kind === 'Service' && ['NodePort', 'LoadBalancer'].includes(o.spec.type))).toEqual([]);
    const ingress = objects.filter((o) => o.kind === 'Ingress');
    expect(ingress.flatMap((i) => i.spec.rules.flatMap((r: any) => r.http.paths.map((p: any) => p.backend.service.name)))).toEqual([
      'gateway',
    ]);
    const appEgress = policies.find((p) => p.spec.podSelector.matchLabels?.['pawline.dev/tier'] === 'app');
    expect(appEgress?.spec.egress.flatMap((rule: any) => rule.ports.map((port: any) => port.port)).sort()).toEqual([
      4222, 4318, 5432, 6379,
    ]);
    // internet egress only for the processes that call a provider (webhooks: the organizations' endpoints)
    const internet = objects
      .filter((o) => o.kind === 'Deployment' && o.spec.template.metadata.labels['pawline.dev/egress-internet'] === 'true')
      .map((o) => o.metadata.name);
    expect(internet.sort()).toEqual(['crm', 'identity', 'messaging', 'messaging-worker', 'webhooks']);
  });

  it('runs NATS as three JetStream nodes on volumes, fsync always, streams with 3 replicas', () => {
    const nats = find(objects, 'StatefulSet', 'nats');
    expect(nats?.spec.replicas).toBe(3);
    expect(nats?.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
    const confMap = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('nats-config'));
    const conf: string = confMap?.data['nats.conf'] ?? '';
    const jetstream = /jetstream\s*\{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(jetstream).toMatch(/^\s*sync_interval:\s*always\s*$/m);
    expect(jetstream).toMatch(/^\s*store_dir:\s*\/data\//m);
    expect(conf.match(/nats:\/\/nats-\d\.nats-headless:6222/g)).toEqual([
      'nats://nats-0.nats-headless:6222',
      'nats://nats-1.nats-headless:6222',
      'nats://nats-2.nats-headless:6222',
    ]);
    const volumeMount = nats?.spec.template.spec.containers[0].volumeMounts.find((m: any) => m.name === 'data');
    expect(volumeMount.mountPath).toBe('/data');
    expect(configOf(objects).NATS_STREAM_REPLICAS).toBe('3');
  });

  it('scales messaging-worker with KEDA on the lag of the consumer the workers share, and the gateway with an HPA', () => {
    const scaled = objects.filter((o) => o.kind === 'ScaledObject');
    expect(scaled).toHaveLength(1);
    const so = scaled[0];
    expect(so.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'messaging-worker' });
    expect(find(objects, 'Deployment', so.spec.scaleTargetRef.name)).toBeDefined();
    expect(so.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(so.spec.maxReplicaCount).toBeGreaterThan(so.spec.minReplicaCount);
    const trigger = so.spec.triggers[0];
    expect(trigger.type).toBe('nats-jetstream');
    // the names the code uses: the kit's WORK stream, the workers' durable
    const runner = fs.readFileSync(path.join(root, 'services/messaging/src/delivery/send-job.runner.ts'), 'utf8');
    const durable = /export const SEND_DURABLE = '([^']+)'/.exec(runner)?.[1];
    expect(trigger.metadata).toMatchObject({ stream: streamConfigs({ subjectPrefix: '' }, {})[1].name, consumer: durable });
    expect(trigger.metadata.natsServerMonitoringEndpoint).toMatch(/^nats-headless\.pawline\.svc\.cluster\.local:8222$/);
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'gateway');
    expect(hpa?.apiVersion).toBe('autoscaling/v2');
    expect(hpa?.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'gateway' });
  });

  it('backs Postgres up nightly onto its own volume, then copies it off the cluster, from a pod that reaches Postgres and (production) HTTPS only', () => {
    const backup = find(objects, 'CronJob', 'pawline-backup');
    expect(backup?.spec).toMatchObject({ schedule: '30 2 * * *', concurrencyPolicy: 'Forbid' });
    const pod = templateOf(backup!);
    expect(podProblems(backup!, pod)).toEqual([]);
    const claim = pod.spec.volumes.find((v: any) => v.persistentVolumeClaim)?.persistentVolumeClaim.claimName;
    expect(find(objects, 'PersistentVolumeClaim', claim)).toBeDefined();
    // the dump first (init container), then the upload from the same volume, read-only, in Pawline's image
    const [dump] = pod.spec.initContainers;
    const [upload] = pod.spec.containers;
    expect(dump.name).toBe('pg-dump');
    expect(dump.volumeMounts.find((m: any) => m.name === 'backups')).toMatchObject({ mountPath: '/backups' });
    expect(upload).toMatchObject({ name: 'upload', args: ['backup-upload'] });
    expect(upload.image).toBe(find(objects, 'Deployment', 'identity')?.spec.template.spec.containers[0].image);
    expect(upload.volumeMounts.find((m: any) => m.name === 'backups')).toMatchObject({ mountPath: '/backups', readOnly: true });
    expect(upload.env.find((e: any) => e.name === 'BACKUP_DIR')?.value).toBe('/backups');
    // the bucket's Secret: optional on one node (it then only reports), required in production
    expect(upload.envFrom).toEqual([
      { secretRef: overlay === 'production' ? { name: 'pawline-backup-storage' } : { name: 'pawline-backup-storage', optional: true } },
    ]);
    // every policy that selects the backup pod: no way in; out to Postgres, and in production to public HTTPS (and DNS for all)
    const labels = pod.metadata.labels as Record<string, string>;
    expect(labels['pawline.dev/tier']).toBeUndefined();
    const selecting = objects.filter(
      (o) =>
        o.kind === 'NetworkPolicy' &&
        (Object.keys(o.spec.podSelector).length === 0 ||
          (matches(o.spec.podSelector.matchLabels, labels) && !o.spec.podSelector.matchExpressions)),
    );
    const offsite = overlay === 'production' ? ['backup-egress-object-storage'] : [];
    expect(selecting.map((p) => p.metadata.name).sort()).toEqual(['allow-dns', 'backup-egress', ...offsite, 'default-deny']);
    expect(selecting.flatMap((p) => p.spec.ingress ?? [])).toEqual([]);
    const ports = selecting.filter((p) => p.metadata.name !== 'allow-dns').flatMap((p) => p.spec.egress ?? []);
    expect(ports.flatMap((rule: any) => rule.ports.map((port: any) => port.port)).sort()).toEqual(
      overlay === 'production' ? [443, 5432] : [5432],
    );
    // HTTPS to public addresses only, not into the cluster's or the cloud's private ranges
    for (const rule of find(objects, 'NetworkPolicy', 'backup-egress-object-storage')?.spec.egress ?? [])
      expect(rule.to).toEqual([{ ipBlock: { cidr: '0.0.0.0/0', except: expect.arrayContaining(['10.0.0.0/8', '169.254.0.0/16']) } }]);
  });

  it('sends every process’s traces to the collector', () => {
    const endpoint = new URL(configOf(objects).OTEL_EXPORTER_OTLP_ENDPOINT as string);
    const service = find(objects, 'Service', endpoint.hostname);
    expect(service?.spec.ports.map((p: any) => p.port)).toContain(Number(endpoint.port));
    expect(find(objects, 'Deployment', 'otel-collector')).toBeDefined();
    const configName = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('pawline-config'))?.metadata.name;
    for (const name of PROCESSES) {
      const container = find(objects, 'Deployment', name)?.spec.template.spec.containers[0];
      expect(container.envFrom.map((e: any) => e.configMapRef?.name)).toContain(configName);
    }
  });

  it('passes only settings the code reads (a misspelt variable would be silently ignored)', () => {
    const names = new Set<string>(Object.keys(configOf(objects)));
    for (const o of objects) {
      for (const container of templateOf(o)?.spec.containers ?? []) for (const env of container.env ?? []) names.add(env.name);
    }
    const sources = [
      ...sourceFiles(path.join(root, 'services')),
      ...sourceFiles(path.join(root, 'libs')),
      ...sourceFiles(path.join(root, 'tools', 'ops')),
    ].map((file) => fs.readFileSync(file, 'utf8'));
    const unread = [...names].filter((name) => !NODE_SETTINGS.includes(name) && !sources.some((text) => text.includes(name)));
    expect(unread).toEqual([]);
  });

  if (overlay === 'one-node') {
    it('one node: one replica of each process, small limits, example Secrets for every reference', () => {
      for (const name of PROCESSES) expect(find(objects, 'Deployment', name)?.spec.replicas).toBe(1);
      expect(find(objects, 'Deployment', 'identity')?.spec.template.spec.containers[0].resources.limits.memory).toBe('256Mi');
      const referenced = new Set(
        JSON.stringify(objects)
          .match(/"secretKeyRef":\{"key":"[^"]+","name":"([^"]+)"/g)
          ?.map((m) => /"name":"([^"]+)"/.exec(m)![1]),
      );
      const secrets = objects.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name);
      expect([...referenced].sort()).toEqual(secrets.sort());
    });
  } else {
    it('production: two or more of each process, PodDisruptionBudgets with minAvailable, bigger limits, no Secret values', () => {
      for (const name of PROCESSES) expect(find(objects, 'Deployment', name)?.spec.replicas).toBeGreaterThanOrEqual(2);
      const pdbs = objects.filter((o) => o.kind === 'PodDisruptionBudget' && o.metadata.name !== 'nats');
      expect(pdbs.length).toBe(PROCESSES.length);
      for (const pdb of pdbs) expect(pdb.spec).toMatchObject({ minAvailable: 1 });
      expect(find(objects, 'Deployment', 'identity')?.spec.template.spec.containers[0].resources.limits.memory).toBe('512Mi');
      expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    });
  }
});

const pgDump = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' }).status === 0;
(kubectl && pgDump ? describe : describe.skip)('the backup CronJob’s script, run here against the machine’s Postgres', () => {
  const server = new URL(process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres');
  const scratch = `pawline_backup_spec_${process.pid}`;
  const admin = (): Client => {
    const url = new URL(server);
    url.pathname = '/postgres';
    return new Client({ connectionString: url.toString() });
  };
  let dir = '';

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${scratch}`);
    await client.end();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawline-backups-'));
  });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await client.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes a whole custom-format dump that restores its rows, and keeps fourteen days', async () => {
    const url = new URL(server);
    url.pathname = `/${scratch}`;
    const db = new Client({ connectionString: url.toString() });
    await db.connect();
    await db.query(
      `CREATE TABLE pet (id int PRIMARY KEY, name text); INSERT INTO pet SELECT i, 'pet ' || i FROM generate_series(1, 500) i`,
    );
    await db.end();
    const day = 24 * 3600 * 1000;
    const aged = (name: string, days: number) => {
      fs.writeFileSync(path.join(dir, name), 'old');
      const at = new Date(Date.now() - days * day);
      fs.utimesSync(path.join(dir, name), at, at);
    };
    aged('pawline-20250101T023000Z.dump', 20);
    aged('pawline-20250115T023000Z.dump', 5);
    aged('pawline-20250116T023000Z.dump.partial', 1);

    const cronJob = render('one-node').find((o) => o.kind === 'CronJob' && o.metadata.name === 'pawline-backup')!;
    const script = (templateOf(cronJob).spec.initContainers[0].args[0] as string).replaceAll('/backups', dir);
    const run = spawnSync('/bin/sh', ['-c', script], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'], DATABASE_URL: url.toString() },
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const files = fs.readdirSync(dir).sort();
    const fresh = files.filter((f) => /^pawline-\d{8}T\d{6}Z\.dump$/.test(f));
    // the 20-day-old dump and the stale partial are gone, the 5-day-old one stays
    expect(files).toEqual(['pawline-20250115T023000Z.dump', ...fresh.filter((f) => !f.startsWith('pawline-2025'))].sort());
    expect(run.stdout).toContain(
      `backup: ${path.join(
        dir,
        fresh.find((f) => !f.startsWith('pawline-2025'))!,
      )}`,
    );
    const listed = execFileSync(
      'pg_restore',
      [
        '--list',
        path.join(
          dir,
          fresh.find((f) => !f.startsWith('pawline-2025'))!,
        ),
      ],
      { encoding: 'utf8' },
    );
    expect(listed).toMatch(/TABLE DATA public pet/);
  }, 60_000);

  it('then the upload step copies the dumps off the cluster, and the copy restores the rows into a new database', async () => {
    const fake = fakeS3({ bucket: 'pawline-backups', region: 'eu-central-1', accessKeyId: 'AKIASPEC', secretAccessKey: 'spec-secret' });
    await fake.start();
    const restored = `${scratch}_restored`;
    const client = admin();
    await client.connect();
    try {
      const cronJob = render('production').find((o) => o.kind === 'CronJob' && o.metadata.name === 'pawline-backup')!;
      const upload = templateOf(cronJob).spec.containers[0];
      // the container's own settings, its volume pointed at the dumps written above, the Secret's values
      const settings = Object.fromEntries(upload.env.map((e: any) => [e.name, e.value === '/backups' ? dir : e.value]));
      const config = backupUploadConfigSchema.parse({
        ...settings,
        BACKUP_S3_BUCKET: 'pawline-backups',
        BACKUP_S3_ENDPOINT: fake.endpoint,
        BACKUP_S3_REGION: 'eu-central-1',
        BACKUP_S3_ACCESS_KEY_ID: 'AKIASPEC',
        BACKUP_S3_SECRET_ACCESS_KEY: 'spec-secret',
      });
      const result = await uploadBackups(config, () => undefined);
      const fresh = fs.readdirSync(dir).find((f) => /^pawline-\d{8}T\d{6}Z\.dump$/.test(f) && !f.startsWith('pawline-2025'))!;
      expect(result.uploaded).toEqual(['pawline-20250115T023000Z.dump', fresh]);

      const copy = path.join(dir, 'downloaded.dump');
      fs.writeFileSync(copy, fake.objects.get(`postgres/${fresh}`)!.body);
      await client.query(`CREATE DATABASE ${restored}`);
      const url = new URL(server);
      url.pathname = `/${restored}`;
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url.toString()}`, copy], { encoding: 'utf8' });
      const db = new Client({ connectionString: url.toString() });
      await db.connect();
      const { rows } = await db.query<{ n: string; last: string }>(`SELECT count(*) AS n, max(name) AS last FROM pet`);
      await db.end();
      expect(rows[0]).toEqual({ n: '500', last: 'pet 99' });
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
      await client.end();
      await fake.stop();
    }
    // a database created and a dump restored: seconds of disk work, not the 5 s default meant for logic
  }, 60_000);
});
