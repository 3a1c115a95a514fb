/** @jest-environment jsdom */
import { opensPalette, type KeyPress } from './palette-model';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...extra,
});

describe('opensPalette (issue 29)', () => {
  const field = document.createElement('input');
  const menu = document.createElement('div');
  menu.setAttribute('role', 'menu');
  const item = document.createElement('button');
  menu.append(item);
  document.body.append(field, menu);

  it('Ctrl-K or Cmd-K, in either case, anywhere: even in a field', () => {
    expect(opensPalette(press('k', { ctrlKey: true }))).toBe(true);
    expect(opensPalette(press('K', { metaKey: true, target: field }))).toBe(true);
    expect(opensPalette(press('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(opensPalette(press('k'))).toBe(false);
  });

  it('`/` alone where nothing is typed; never in a field, a menu, nor with a modifier', () => {
    expect(opensPalette(press('/'))).toBe(true);
    expect(opensPalette(press('/', { target: field }))).toBe(false);
    expect(opensPalette(press('/', { target: item }))).toBe(false);
    expect(opensPalette(press('/', { ctrlKey: true }))).toBe(false);
    expect(opensPalette(press('?'))).toBe(false);
  });
});
