import type { FileStorage } from './file-storage';

/**
 * Deletes stored files whose rows are already gone (a replaced image, a deleted customer, a cancelled
 * organization). A key that cannot be deleted is logged and skipped: the row that named it no longer
 * exists, so failing the caller would only keep that row's transaction from committing.
 */
export async function deleteStoredFiles(
  storage: FileStorage,
  keys: readonly string[],
  log: { warn(message: string, fields?: Record<string, unknown>): void },
): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      log.warn('stored file could not be deleted', { err: error, key });
    }
  }
}
