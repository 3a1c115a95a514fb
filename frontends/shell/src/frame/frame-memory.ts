type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The welcome dialog shows on a user's first sign-in on this device, until it is closed once. */
export function welcomeKey(userId: string): string {
  return `welcome_closed_${userId}`;
}

export function shouldShowWelcome(storage: KeyValueStore, userId: string): boolean {
  try {
    return storage.getItem(welcomeKey(userId)) === null;
  } catch {
    return false;
  }
}

export function rememberWelcomeClosed(storage: KeyValueStore, userId: string): void {
  try {
    storage.setItem(welcomeKey(userId), '1');
  } catch {
    // storage refused (private mode): the dialog may show again next time
  }
}

/** A short fingerprint of the notification text, so a new text shows again after a dismissal. */
export function notificationFingerprint(html: string): string {
  let hash = 0;
  for (let i = 0; i < html.length; i += 1) hash = (Math.imul(hash, 31) + html.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

export function adminNotificationKey(orgaId: string): string {
  return `admin_notification_dismissed_${orgaId}`;
}

export function isNotificationDismissed(storage: KeyValueStore, orgaId: string, html: string): boolean {
  try {
    return storage.getItem(adminNotificationKey(orgaId)) === notificationFingerprint(html);
  } catch {
    return false;
  }
}

export function dismissNotification(storage: KeyValueStore, orgaId: string, html: string): void {
  try {
    storage.setItem(adminNotificationKey(orgaId), notificationFingerprint(html));
  } catch {
    // storage refused: the bar shows again next time
  }
}
