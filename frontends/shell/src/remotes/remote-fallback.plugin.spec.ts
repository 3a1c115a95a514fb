import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isRemoteLoadFailure } from './remote-failure';
import remoteFallbackPlugin from './remote-fallback.plugin';

type Hook = (args: { id: string; error: unknown; lifecycle: string; origin?: unknown }) => unknown;

/**
 * A remote entry served by a test plugin instead of a script tag: each load takes the next answer,
 * an Error failing the load as a dropped connection would.
 */
function scriptedEntries(answers: (Error | Record<string, unknown>)[]): { plugin: ModuleFederationRuntimePlugin; loads: () => number } {
  let loads = 0;
  return {
    loads: () => loads,
    plugin: {
      name: 'scripted-remote-entry',
      loadEntry() {
        const answer = answers[Math.min(loads, answers.length - 1)];
        loads += 1;
        if (answer instanceof Error) throw answer;
        const exposed = answer;
        return { init: async () => undefined, get: async () => () => exposed } as never;
      },
    },
  };
}

// The runtime caches remote entries per name and URL for the page: each test gets its own URL.
function federation(entries: ModuleFederationRuntimePlugin) {
  const run = Math.random().toString(36).slice(2);
  return createInstance({
    name: `shell_test_${run}`,
    remotes: [{ name: 'settings', entry: `http://localhost/remotes/settings/remoteEntry.js?run=${run}` }],
    plugins: [entries, remoteFallbackPlugin()],
  });
}

describe('remote fallback plugin', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    error.mockRestore();
  });

  it('tries a remote entry that failed once more, and a success on the retry gives the remote module', async () => {
    const routes = { SettingsRoutes: () => null };
    const entries = scriptedEntries([new Error('Failed to load script resources'), routes]);
    const loaded = await federation(entries.plugin).loadRemote('settings/routes');
    expect(entries.loads()).toBe(2);
    expect(loaded).toBe(routes);
    expect(error).not.toHaveBeenCalled();
  });

  it('retries only once, then resolves to the failure marker the shell renders as a fallback card', async () => {
    const entries = scriptedEntries([new Error('Failed to load script resources')]);
    const loaded = await federation(entries.plugin).loadRemote('settings/routes');
    expect(entries.loads()).toBe(2);
    expect(isRemoteLoadFailure(loaded)).toBe(true);
    expect(loaded).toMatchObject({ id: 'settings/routes', reason: 'Failed to load script resources' });
  });

  it('retries again on a later load: the once is per attempt, not for the page', async () => {
    const entries = scriptedEntries([new Error('down'), new Error('down'), { SettingsRoutes: () => null }]);
    const mf = federation(entries.plugin);
    expect(isRemoteLoadFailure(await mf.loadRemote('settings/routes'))).toBe(true);
    expect(isRemoteLoadFailure(await mf.loadRemote('settings/routes'))).toBe(false);
    expect(entries.loads()).toBe(3);
  });

  it('leaves shared-module failures to the runtime', async () => {
    const hook = remoteFallbackPlugin().errorLoadRemote as unknown as Hook;
    expect(await hook({ id: 'react', error: new Error('x'), lifecycle: 'beforeLoadShare' })).toBeUndefined();
  });

  it('does not retry outside loading a module (a failed request resolution is final)', async () => {
    const hook = remoteFallbackPlugin().errorLoadRemote as unknown as Hook;
    const origin = { loadRemote: jest.fn() };
    const result = await hook({ id: 'settings/routes', error: new Error('no remote'), lifecycle: 'beforeRequest', origin });
    expect(origin.loadRemote).not.toHaveBeenCalled();
    expect(isRemoteLoadFailure(result)).toBe(true);
  });
});
