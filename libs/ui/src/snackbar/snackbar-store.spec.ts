import { contrastRatio } from '@pawline/domain';
import { createSnackbarStore, SNACKBAR_COLORS, SNACKBAR_SPACING_PX, SNACKBAR_TYPE, snackbarOffset } from './snackbar-store';

describe('snackbar store', () => {
  it('R4.05 numbers the event types error 0, warn 1, success 2, normal 3', () => {
    expect(SNACKBAR_TYPE).toEqual({ error: 0, warn: 1, success: 2, normal: 3 });
  });

  it('R2.13 keeps every event until it is closed, in arrival order', () => {
    let clock = 1000;
    const store = createSnackbarStore(() => clock++);
    const first = store.push(SNACKBAR_TYPE.error, 'Wrong username or password');
    store.push(SNACKBAR_TYPE.success, 'Saved');
    expect(store.list().map((e) => [e.type, e.message, e.time])).toEqual([
      [0, 'Wrong username or password', 1000],
      [2, 'Saved', 1001],
    ]);
    store.close(first);
    expect(store.list().map((e) => e.message)).toEqual(['Saved']);
  });

  it('tells subscribers about changes, and only about real ones', () => {
    const store = createSnackbarStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.push(SNACKBAR_TYPE.normal, 'Hello');
    store.close(999);
    store.close(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.push(SNACKBAR_TYPE.warn, 'x');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('R2.13 R9.07 stacks snackbars 55 px apart', () => {
    expect(SNACKBAR_SPACING_PX).toBe(55);
    expect(snackbarOffset(1) - snackbarOffset(0)).toBe(55);
    expect(snackbarOffset(3) - snackbarOffset(2)).toBe(55);
  });

  it('R2.13 colours every type with text readable on it: 4.5:1 or more (WCAG 1.4.3)', () => {
    for (const { bg, fg } of Object.values(SNACKBAR_COLORS))
      expect(contrastRatio(fg === 'white' ? '#ffffff' : fg, bg)).toBeGreaterThanOrEqual(4.5);
  });
});
