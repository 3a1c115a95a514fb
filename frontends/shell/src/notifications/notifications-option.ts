// R2.07: the bell shows only while the notifications option is on. It is a choice of this device
// (kept locally, on unless switched off), like the drawer's mini variant.
export const NOTIFICATIONS_OPTION_KEY = 'notifications';

export function readNotificationsOption(storage: Pick<Storage, 'getItem'>): boolean {
  return storage.getItem(NOTIFICATIONS_OPTION_KEY) !== 'off';
}

export function writeNotificationsOption(storage: Pick<Storage, 'setItem'>, on: boolean): void {
  storage.setItem(NOTIFICATIONS_OPTION_KEY, on ? 'on' : 'off');
}
