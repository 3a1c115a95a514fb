import { dismissNotification, isNotificationDismissed, rememberWelcomeClosed, shouldShowWelcome } from './frame-memory';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('frame memory', () => {
  it('R2.12 the welcome dialog shows on the first sign-in and stays closed once closed', () => {
    const storage = memoryStorage();
    expect(shouldShowWelcome(storage, 'u1')).toBe(true);
    rememberWelcomeClosed(storage, 'u1');
    expect(shouldShowWelcome(storage, 'u1')).toBe(false);
    expect(shouldShowWelcome(storage, 'u2')).toBe(true);
  });

  it('R2.12 a dismissed administrator notification shows again when its text changes', () => {
    const storage = memoryStorage();
    expect(isNotificationDismissed(storage, 'o1', '<p>Closed Monday</p>')).toBe(false);
    dismissNotification(storage, 'o1', '<p>Closed Monday</p>');
    expect(isNotificationDismissed(storage, 'o1', '<p>Closed Monday</p>')).toBe(true);
    expect(isNotificationDismissed(storage, 'o1', '<p>Closed Tuesday</p>')).toBe(false);
  });
});
