export type ClusterFlags = { workers: number; build: boolean; help: boolean; error?: undefined } | { error: string };
export function parseClusterArgs(argv: string[]): ClusterFlags;
export type NatsNodePlan = { name: string; client: number; cluster: number };
export type PortPlan = {
  gateways: [number, number];
  nats: NatsNodePlan[];
  services: { name: string; port: number }[];
  workers: { name: string; port: number }[];
};
export function portPlan(options: { gatewayPort: number; base: number; services: string[]; workers: number }): PortPlan;
export function natsNodeConfig(options: {
  node: NatsNodePlan;
  nodes: NatsNodePlan[];
  storeDir: string;
  clusterName?: string;
  syncAlways?: boolean;
}): string;
export type RssRow = { name: string; port?: number | null; pid: number | null };
export function rssTable(rows: RssRow[]): string;
export function rssMb(pid: number): number | null;
export function ensureDistNode(log: (message: string) => void): void;
export type ClusterProcess = {
  name: string;
  image: string;
  port: number;
  child: import('node:child_process').ChildProcess | null;
  start(): ClusterProcess;
  stop(): Promise<void>;
  kill(): void;
  alive(): boolean;
  health(): string;
  onExit?: (code: number | null, signal: string | null) => void;
};
export type ClusterNatsNode = NatsNodePlan & {
  url: string;
  child: import('node:child_process').ChildProcess | null;
  start(): import('node:child_process').ChildProcess;
  kill(): void;
  stop(): Promise<void>;
};
export type Cluster = {
  nats: ClusterNatsNode[];
  procs: ClusterProcess[];
  plan: PortPlan;
  find(name: string): ClusterProcess | undefined;
  /** the i-th process's NATS node, or the next running one */
  natsUrlFor(i: number): string;
  waitHealthy(proc: ClusterProcess): Promise<boolean>;
  /** the number of starts it took (a start that exits is retried), 0 when none answered */
  restart(proc: ClusterProcess, options?: { attempts?: number; log?: (message: string) => void }): Promise<number>;
  rows(): RssRow[];
  stop(): Promise<void>;
};
export function startCluster(options: {
  env: Record<string, string | undefined>;
  plan: PortPlan;
  dir: string;
  logDir: string;
  services: string[];
  echo?: boolean;
  log?: (message: string) => void;
  timeoutMs?: number;
  /** called at once with the handle, so a caller can stop a cluster that is still starting */
  onHandle?: (partial: { stop(): Promise<void> }) => void;
}): Promise<Cluster>;
export function runCluster(argv: string[]): Promise<void>;
export const CLUSTER_USAGE: string;
/** NODE_OPTIONS of the cluster's processes unless set (the one-node overlay's). */
export const CLUSTER_NODE_OPTIONS: string;
/** Node's arguments before start.cjs: PAWLINE_NODE_ARGS (none by default, as the image). */
export function imageNodeArgs(env?: Record<string, string | undefined>): string[];
