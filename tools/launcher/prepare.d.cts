export declare function nodeVersionProblem(version?: string): string | null;
export declare function installNeeded(): boolean;
export declare function tokenSecret(fromEnv: string | null, dataDir?: string): { secret: string; source: string };
export declare const root: string;
