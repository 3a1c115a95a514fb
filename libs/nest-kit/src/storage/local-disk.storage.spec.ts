import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk.storage';

describe('local disk storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'crm-disk-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes, reads and deletes under its root and refuses keys that leave it', async () => {
    const storage = new LocalDiskStorage(root);
    await storage.put('orga/pet-image/1', Buffer.from('bytes'));
    expect((await storage.get('orga/pet-image/1')).toString()).toBe('bytes');
    await storage.delete('orga/pet-image/1');
    await expect(storage.get('orga/pet-image/1')).rejects.toThrow();
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    await expect(storage.put('/etc/passwd', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
  });
});
