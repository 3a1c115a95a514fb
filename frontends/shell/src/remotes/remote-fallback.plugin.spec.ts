import { isRemoteLoadFailure } from './remote-failure';
import remoteFallbackPlugin from './remote-fallback.plugin';

describe('remote fallback plugin', () => {
  it('turns a remote that cannot load into a failure marker the shell renders as a fallback card', async () => {
    const plugin = remoteFallbackPlugin();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const hook = plugin.errorLoadRemote as unknown as (args: { id: string; error: unknown; lifecycle: string }) => unknown;
    const result = await hook({ id: 'settings/routes', error: new Error('Failed to load script resources'), lifecycle: 'onLoad' });
    spy.mockRestore();
    expect(isRemoteLoadFailure(result)).toBe(true);
    expect(result).toMatchObject({ id: 'settings/routes', reason: 'Failed to load script resources' });
  });

  it('leaves shared-module failures to the runtime', async () => {
    const hook = remoteFallbackPlugin().errorLoadRemote as unknown as (args: { id: string; error: unknown; lifecycle: string }) => unknown;
    expect(await hook({ id: 'react', error: new Error('x'), lifecycle: 'beforeLoadShare' })).toBeUndefined();
  });
});
