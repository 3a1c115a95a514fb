import { mkdirSync, mkdtempSync, readFileSync, statSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installNeeded, lockDifferences, nodeVersionProblem, tokenSecret } from './prepare.cjs';
import { terminalLine } from './processes.cjs';

describe('launcher preparation', () => {
  it("accepts the pinned runtime's major and newer, and names the pinned version to older ones", () => {
    expect(nodeVersionProblem('26.12.1', '26.12.1')).toBeNull();
    expect(nodeVersionProblem('26.0.0', '26.12.1')).toBeNull();
    expect(nodeVersionProblem('27.1.0', '26.12.1')).toBeNull();
    expect(nodeVersionProblem('24.22.3', '26.12.1')).toMatch(/runs on Node\.js 26\.12\.1 .* this is 24\.22\.3\. Install Node 26/);
    expect(nodeVersionProblem('20.20.2', '26.12.1')).toMatch(/this is 20\.20\.2/);
  });

  describe('whether npm install is needed', () => {
    const lock = {
      packages: {
        '': { name: 'pawline' },
        'node_modules/jest': { version: '30.5.2' },
        'node_modules/@esbuild/darwin-arm64': { version: '0.25.0', optional: true },
        'libs/ui': { version: '0.0.0' },
        'node_modules/@pawline/ui': { link: true },
      },
    };
    const installed = { packages: { 'node_modules/jest': { version: '30.5.2' } } };

    it("compares the lockfile's packages with npm's record of node_modules; absent optional ones and links do not count", () => {
      // libs/ui is a workspace folder npm does not record as installed
      expect(lockDifferences(lock, { packages: { ...installed.packages, 'libs/ui': { version: '0.0.0' } } })).toEqual([]);
      expect(lockDifferences({ packages: { ...lock.packages, 'node_modules/axe-core': { version: '4.14.1' } } }, installed)).toContain(
        'node_modules/axe-core',
      );
      expect(lockDifferences(lock, { packages: { 'node_modules/jest': { version: '30.4.0' } } })).toContain('node_modules/jest');
    });

    it('a newer lockfile that asks for what is installed needs no install; a missing node_modules or a new package does', () => {
      const dir = mkdtempSync(join(tmpdir(), 'pawline-install-'));
      try {
        expect(installNeeded(dir)).toBe(true);
        mkdirSync(join(dir, 'node_modules'));
        const same = { packages: { '': {}, 'node_modules/jest': { version: '30.5.2' } } };
        writeFileSync(join(dir, 'node_modules', '.package-lock.json'), JSON.stringify(installed));
        writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(same));
        utimesSync(join(dir, 'node_modules', '.package-lock.json'), new Date('2026-01-01'), new Date('2026-01-01'));
        expect(installNeeded(dir)).toBe(false);
        writeFileSync(
          join(dir, 'package-lock.json'),
          JSON.stringify({ packages: { ...same.packages, 'node_modules/axe-core': { version: '4.14.1' } } }),
        );
        expect(installNeeded(dir)).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('token secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pawline-secret-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('generates one secret into .data/secret with mode 0600 and reuses it on the next start', () => {
      const first = tokenSecret(null, dir);
      expect(first.source).toBe('.data/secret (new)');
      expect(first.secret.length).toBeGreaterThanOrEqual(32);
      expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
      expect(readFileSync(join(dir, 'secret'), 'utf8').trim()).toBe(first.secret);
      const second = tokenSecret(null, dir);
      expect(second).toEqual({ secret: first.secret, source: '.data/secret' });
    });

    it('prefers AUTH_TOKEN_SECRET from the environment', () => {
      expect(tokenSecret('e'.repeat(40), dir)).toEqual({ secret: 'e'.repeat(40), source: 'AUTH_TOKEN_SECRET' });
    });
  });

  describe('terminal output of the services', () => {
    it('shows warnings and errors of pino lines in short form and hides info', () => {
      expect(terminalLine(JSON.stringify({ level: 30, msg: 'started', service: 'identity' }), 'pawline')).toBeNull();
      expect(terminalLine(JSON.stringify({ level: 40, msg: 'slow query', service: 'crm' }), 'pawline')).toBe('[crm] WARN slow query');
      expect(terminalLine(JSON.stringify({ level: 'info', msg: 'started', service: 'identity' }), 'pawline')).toBeNull();
      expect(terminalLine(JSON.stringify({ level: 'error', msg: 'no db', service: 'identity' }), 'pawline')).toBe('[identity] ERROR no db');
      expect(terminalLine(JSON.stringify({ level: 50, msg: 'boom', err: { stack: 'Error: boom\n  at x' } }), 'gateway')).toBe(
        '[gateway] ERROR boom\nError: boom\n  at x',
      );
    });

    it('passes lines that are not JSON (crash output) through with the label', () => {
      expect(terminalLine('TypeError: x is undefined', 'identity')).toBe('[identity] TypeError: x is undefined');
      expect(terminalLine('   ', 'identity')).toBeNull();
      expect(terminalLine('[demo] ready', 'demo')).toBe('[demo] ready');
    });
  });
});
