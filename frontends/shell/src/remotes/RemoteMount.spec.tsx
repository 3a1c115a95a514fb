/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import type { ApiClient, ShellBridge } from '@pawline/api-client';
import { pawlineSystem } from '@pawline/ui';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '../i18n/I18nProvider';
import { remoteLoadFailure } from './remote-failure';
import remoteFallbackPlugin from './remote-fallback.plugin';
import { RemoteMount } from './RemoteMount';

const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: (id: string) => loadRemote(id) }));

const bridge = { api: {} as ApiClient, language: 'en', appVersion: '11.4.6' } as ShellBridge;

function mount(id: string) {
  render(
    <ChakraProvider value={pawlineSystem}>
      <I18nProvider language="en">
        <RemoteMount id={id} exportName="SettingsRoutes" bridge={bridge} />
      </I18nProvider>
    </ChakraProvider>,
  );
}

describe('RemoteMount', () => {
  it('renders the remote routes it loaded, with the bridge as props', async () => {
    loadRemote.mockResolvedValueOnce({ SettingsRoutes: (props: ShellBridge) => <p>remote v{props.appVersion}</p> });
    mount('settings/ok');
    expect(await screen.findByText('remote v11.4.6')).toBeTruthy();
  });

  it('shows a fallback card, not a blank page, when the remote entry fails to load', async () => {
    loadRemote.mockResolvedValueOnce(remoteLoadFailure('settings/down', new Error('Failed to load script resources')));
    mount('settings/down');
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback.textContent).toContain('could not be loaded');
    expect(fallback.textContent).toContain('Failed to load script resources');
  });

  it('shows the remote when its entry fails once and loads on the retry (the real MF runtime and our plugin)', async () => {
    const { createInstance } = jest.requireActual<typeof import('@module-federation/enhanced/runtime')>(
      '@module-federation/enhanced/runtime',
    );
    let entryLoads = 0;
    const mf = createInstance({
      name: 'shell_remote_mount_retry',
      remotes: [{ name: 'settings', entry: 'http://localhost/remotes/settings/remoteEntry.js?retry-test' }],
      plugins: [
        {
          name: 'flaky-remote-entry',
          // the first request for remoteEntry.js drops, the second answers
          loadEntry() {
            entryLoads += 1;
            if (entryLoads === 1) throw new Error('Failed to load script resources');
            const exposed = { SettingsRoutes: (props: ShellBridge) => <p>remote after retry v{props.appVersion}</p> };
            return { init: async () => undefined, get: async () => () => exposed } as never;
          },
        },
        remoteFallbackPlugin(),
      ],
    });
    loadRemote.mockImplementationOnce((id: string) => mf.loadRemote(id));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mount('settings/routes');
    expect(await screen.findByText('remote after retry v11.4.6')).toBeTruthy();
    expect(entryLoads).toBe(2);
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
    warn.mockRestore();
  });

  it('shows the fallback when loading rejects outright', async () => {
    loadRemote.mockRejectedValueOnce(new Error('network down'));
    mount('settings/rejects');
    expect((await screen.findByTestId('remote-fallback')).textContent).toContain('network down');
  });

  it('shows the fallback when the remote throws while rendering', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemote.mockResolvedValueOnce({
      SettingsRoutes: () => {
        throw new Error('remote exploded');
      },
    });
    mount('settings/throws');
    expect((await screen.findByTestId('remote-fallback')).textContent).toContain('remote exploded');
    spy.mockRestore();
  });
});
