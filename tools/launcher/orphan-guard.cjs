// Preloaded into every process the launcher spawns (`node -r …/orphan-guard.cjs`): when the
// launcher dies, its IPC channel closes and the child stops itself as if told SIGTERM.
if (typeof process.send === 'function') {
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
