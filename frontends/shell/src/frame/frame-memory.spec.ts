import { dismissNotification, isNotificationDismissed } from './frame-memory';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('frame memory', () => {
  it('R2.12 a dismissed administrator notification shows again when its text changes', () => {
    const storage = memoryStorage();
    expect(isNotificationDismissed(storage, 'o1', '<p>Closed Monday</p>')).toBe(false);
    dismissNotification(storage, 'o1', '<p>Closed Monday</p>');
    expect(isNotificationDismissed(storage, 'o1', '<p>Closed Monday</p>')).toBe(true);
    expect(isNotificationDismissed(storage, 'o1', '<p>Closed Tuesday</p>')).toBe(false);
  });
});
