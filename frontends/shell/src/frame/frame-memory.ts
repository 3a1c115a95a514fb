type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

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
