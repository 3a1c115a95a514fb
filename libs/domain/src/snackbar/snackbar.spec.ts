import fc from 'fast-check';
import {
  NOTIFICATION_DISPLAY_MS,
  SNACKBAR_SPACING_PX,
  SNACKBAR_TYPES,
  isNotificationExpired,
  snackbarOffset,
  snackbarTypeName,
} from './snackbar';

describe('snackbar', () => {
  it('R4.05 event types are error 0, warn 1, success 2, normal 3', () => {
    expect(SNACKBAR_TYPES).toEqual({ error: 0, warn: 1, success: 2, normal: 3 });
    expect(snackbarTypeName(0)).toBe('error');
    expect(snackbarTypeName(1)).toBe('warn');
    expect(snackbarTypeName(2)).toBe('success');
    expect(snackbarTypeName(3)).toBe('normal');
  });

  it('R2.13 snackbars stack 55 px apart', () => {
    expect(SNACKBAR_SPACING_PX).toBe(55);
    expect([0, 1, 2, 3].map(snackbarOffset)).toEqual([0, 55, 110, 165]);
    expect(snackbarOffset(-1)).toBe(0);
  });

  it('R2.13 property: neighbours are always exactly 55 px apart', () => {
    fc.assert(fc.property(fc.nat(1000), (i) => expect(snackbarOffset(i + 1) - snackbarOffset(i)).toBe(55)));
  });

  it('notification events go to history after 5 seconds', () => {
    expect(NOTIFICATION_DISPLAY_MS).toBe(5000);
    expect(isNotificationExpired(1000, 5999)).toBe(false);
    expect(isNotificationExpired(1000, 6000)).toBe(true);
  });
});
