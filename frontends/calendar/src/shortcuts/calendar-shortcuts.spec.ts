/** @jest-environment jsdom */
import { shortcutOf, type KeyPress } from './calendar-shortcuts';

const press = (key: string, fields: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...fields,
});

function inside(html: string, selector: string): Element {
  document.body.innerHTML = html;
  return document.querySelector(selector) as Element;
}

describe('the calendar keys (issue 29)', () => {
  it('issue 29 today, previous, next, the views, a new appointment and the help, letters in either case', () => {
    expect(shortcutOf(press('t'))).toEqual({ kind: 'today' });
    expect(shortcutOf(press('T'))).toEqual({ kind: 'today' });
    expect(shortcutOf(press('ArrowLeft'))).toEqual({ kind: 'step', step: -1 });
    expect(shortcutOf(press('p'))).toEqual({ kind: 'step', step: -1 });
    expect(shortcutOf(press('ArrowRight'))).toEqual({ kind: 'step', step: 1 });
    expect(shortcutOf(press('n'))).toEqual({ kind: 'step', step: 1 });
    expect(shortcutOf(press('d'))).toEqual({ kind: 'view', view: 'day' });
    expect(shortcutOf(press('w'))).toEqual({ kind: 'view', view: 'week' });
    expect(shortcutOf(press('m'))).toEqual({ kind: 'view', view: 'month' });
    expect(shortcutOf(press('c'))).toEqual({ kind: 'new' });
    expect(shortcutOf(press('?'))).toEqual({ kind: 'help' });
    expect(shortcutOf(press('x'))).toBeNull();
    expect(shortcutOf(press('Enter'))).toBeNull();
  });

  it('issue 29 never while typing in a field, inside a dialog or a menu, or with Ctrl, Cmd or Alt', () => {
    expect(shortcutOf(press('t', { target: inside('<input id="a">', '#a') }))).toBeNull();
    expect(shortcutOf(press('t', { target: inside('<textarea id="a"></textarea>', '#a') }))).toBeNull();
    expect(shortcutOf(press('t', { target: inside('<select id="a"></select>', '#a') }))).toBeNull();
    expect(shortcutOf(press('t', { target: inside('<div contenteditable="true"><b id="a">x</b></div>', '#a') }))).toBeNull();
    expect(shortcutOf(press('c', { target: inside('<div role="dialog"><button id="a">ok</button></div>', '#a') }))).toBeNull();
    expect(shortcutOf(press('m', { target: inside('<div role="menu"><div role="menuitem" id="a">x</div></div>', '#a') }))).toBeNull();
    expect(shortcutOf(press('t', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('w', { metaKey: true }))).toBeNull();
    expect(shortcutOf(press('d', { altKey: true }))).toBeNull();
    // a focused button of the page (a card, the toolbar) is no field: the key works there
    expect(shortcutOf(press('t', { target: inside('<div role="button" tabindex="0" id="a">card</div>', '#a') }))).toEqual({
      kind: 'today',
    });
  });
});
