// What the shell's MF runtime plugin returns instead of a remote module that failed to load,
// so the page shows a fallback card rather than an unhandled rejection and a blank screen.
export const REMOTE_LOAD_FAILED = '__pawlineRemoteLoadFailed';

export type RemoteLoadFailure = { [REMOTE_LOAD_FAILED]: true; id: string; reason: string };

export function remoteLoadFailure(id: string, error: unknown): RemoteLoadFailure {
  return { [REMOTE_LOAD_FAILED]: true, id, reason: error instanceof Error ? error.message : String(error) };
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailure {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[REMOTE_LOAD_FAILED] === true;
}
