export const DEVICE_STORAGE_KEY = 'pawline_device';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(values);
  return Array.from(values, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let memoryDeviceId: string | null = null;

/**
 * The random value that tells this browser apart from the user's other devices (R4.16).
 * Kept in localStorage; when storage is unavailable it lives as long as the page.
 */
export function getDeviceId(storage: KeyValueStorage | null = defaultStorage()): string {
  try {
    const stored = storage?.getItem(DEVICE_STORAGE_KEY);
    if (stored) return stored;
    const created = randomHex(16);
    storage?.setItem(DEVICE_STORAGE_KEY, created);
    if (storage) return created;
  } catch {
    // storage refused (private mode, quota): fall back to memory
  }
  memoryDeviceId ??= randomHex(16);
  return memoryDeviceId;
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}
