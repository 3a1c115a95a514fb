// spec §2 and §4 (R2.13, R4.05): snackbar events stack 55 px apart, coloured by type.
export const SNACKBAR_TYPES = { error: 0, warn: 1, success: 2, normal: 3 } as const;
export type SnackbarTypeName = keyof typeof SNACKBAR_TYPES;
export type SnackbarType = (typeof SNACKBAR_TYPES)[SnackbarTypeName];

export const SNACKBAR_SPACING_PX = 55;
/** Notification events disappear after 5 seconds into a history list; snackbars stay until closed. */
export const NOTIFICATION_DISPLAY_MS = 5000;

/** Vertical offset in px of the snackbar at position index (0 = first). */
export function snackbarOffset(index: number): number {
  return Math.max(0, Math.floor(index)) * SNACKBAR_SPACING_PX;
}

export function snackbarTypeName(type: SnackbarType): SnackbarTypeName {
  const entry = Object.entries(SNACKBAR_TYPES).find(([, value]) => value === type);
  return (entry?.[0] ?? 'normal') as SnackbarTypeName;
}

/** Whether a notification event shown at shownAt has moved to the history list by now. */
export function isNotificationExpired(shownAtMs: number, nowMs: number): boolean {
  return nowMs - shownAtMs >= NOTIFICATION_DISPLAY_MS;
}
