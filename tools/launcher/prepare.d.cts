export declare function nodeVersionProblem(version?: string, pinned?: string): string | null;
export declare function installNeeded(dir?: string): boolean;
type Lock = { packages?: Record<string, { name?: string; version?: string; optional?: boolean; link?: boolean }> };
export declare function lockDifferences(lock: Lock, installed: Lock): string[];
export declare function tokenSecret(fromEnv: string | null, dataDir?: string): { secret: string; source: string };
export declare const root: string;
