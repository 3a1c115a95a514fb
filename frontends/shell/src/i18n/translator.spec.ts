import manifest from '../remotes/remotes.manifest.json';
import { SHELL_NAMESPACES, SIGNED_IN_NAMESPACES } from './translator';

describe('the shell catalogues', () => {
  it("load the namespace of every drawer label, so the drawer never shows a key ('booking-setup.navLabel')", () => {
    const loaded: readonly string[] = [...SHELL_NAMESPACES, ...SIGNED_IN_NAMESPACES];
    const labels = manifest.remotes.flatMap((remote) => remote.drawer.map((link) => link.label));
    expect(labels.filter((label) => !loaded.includes(label.split('.')[0] ?? ''))).toEqual([]);
  });
});
