export type InfraPart = { url: string; state: 'reused' | 'started' | 'off'; detail: string; stop(): Promise<void> };
type EnsureOptions = { url: string; explicit: boolean; log: (line: string) => void; own?: boolean };
export declare function ensurePostgres(options: EnsureOptions): Promise<InfraPart>;
export declare function ensureNats(options: EnsureOptions): Promise<InfraPart>;
export declare function ensureRedis(options: EnsureOptions): Promise<InfraPart>;
export declare class InfraError extends Error {}
export declare function redact(url: string): string;
export declare function onPath(binary: string): string | null;
