export type ProbeResult = { ok: boolean; error?: string; jetstream?: boolean; version?: string; created?: boolean };
export declare function probeNats(url: string, options?: { timeoutMs?: number }): Promise<ProbeResult>;
export declare function probeRedis(url: string, options?: { timeoutMs?: number }): Promise<ProbeResult>;
export declare function probePostgres(url: string, options?: { timeoutMs?: number; ensureDatabase?: boolean }): Promise<ProbeResult>;
export declare function dropDatabase(url: string): Promise<void>;
export declare function databaseName(url: string): string;
export declare function withDatabase(url: string, name: string): string;
export declare function freePort(): Promise<number>;
export declare function isListening(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
