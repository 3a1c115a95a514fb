import { DEVICE_STORAGE_KEY, getDeviceId } from './device-id';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('getDeviceId', () => {
  it('R4.16 creates a random device value once and keeps it under pawline_device', () => {
    const storage = memoryStorage();
    const first = getDeviceId(storage);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(storage.values.get(DEVICE_STORAGE_KEY)).toBe(first);
    expect(getDeviceId(storage)).toBe(first);
    expect(getDeviceId(memoryStorage())).not.toBe(first);
  });

  it('falls back to a value kept in memory when storage refuses', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    const first = getDeviceId(broken);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(getDeviceId(broken)).toBe(first);
  });
});
