export declare function pinnedVersion(dir?: string): string;
export declare function runtimePackage(platform?: string, arch?: string): string | null;
export declare function runtimeBinary(version: string, dir?: string, platform?: string, arch?: string): string | null;
export declare function ensureRuntime(options?: { log?: (line: string) => void; dir?: string }): {
  binary: string | null;
  version: string;
  reason?: string;
};
export declare function pathWith(binary: string, envPath?: string): string;
export declare function reexecOnRuntime(options?: { log?: (line: string) => void }): boolean;
