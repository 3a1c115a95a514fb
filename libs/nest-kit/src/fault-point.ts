/**
 * Crash proofs: when PAWLINE_FAULT names this point the process kills itself (SIGKILL, like kill -9),
 * so integration tests can stop a service exactly between two steps. Unset in every real deployment.
 */
export function faultPoint(name: string): void {
  if (process.env['PAWLINE_FAULT'] === name) process.kill(process.pid, 'SIGKILL');
}
