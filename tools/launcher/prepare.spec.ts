import { mkdtempSync, readFileSync, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeVersionProblem, tokenSecret } from './prepare.cjs';
import { terminalLine } from './processes.cjs';

describe('launcher preparation', () => {
  it('accepts Node 20.19 and newer and explains older ones', () => {
    expect(nodeVersionProblem('20.19.0')).toBeNull();
    expect(nodeVersionProblem('22.1.0')).toBeNull();
    expect(nodeVersionProblem('24.0.0')).toBeNull();
    expect(nodeVersionProblem('20.18.3')).toMatch(/needs Node\.js 20\.19\.0 or newer .* this is 20\.18\.3/);
    expect(nodeVersionProblem('18.20.0')).toMatch(/this is 18\.20\.0/);
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
