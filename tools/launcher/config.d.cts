export type LauncherConfig = {
  port: number;
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  authTokenSecret: string | null;
  publicUrl: string;
  mailTransport: string;
  smtpUrl: string | null;
  logLevel: string;
  otlpEndpoint: string | null;
  frontendsDir: string;
  /** messaging-worker processes under --split (MESSAGING_WORKERS, 1 to 32) */
  messagingWorkers: number;
};
export type ReadConfigResult = {
  errors: string[];
  explicit: { databaseUrl: boolean; natsUrl: boolean; redisUrl: boolean };
  config: LauncherConfig;
};
export declare function readConfig(env?: Record<string, string | undefined>): ReadConfigResult;
export declare function serviceEnv(config: LauncherConfig, base?: Record<string, string | undefined>): Record<string, string | undefined>;
export declare const LOG_LEVELS: string[];
export declare const MAIL_TRANSPORTS: string[];
export declare const root: string;
