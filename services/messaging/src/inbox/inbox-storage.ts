import { fileStorageFrom, s3ConfigFields, type FileStorage } from '@pawline/nest-kit';
import { z } from 'zod';

/**
 * Where customers' photos and files are kept: local disk on one machine, S3 elsewhere (the kit's
 * storage). Read from the environment here because messaging has no SERVICE_CONFIG of its own yet.
 */
export const inboxStorageConfigSchema = z.object({
  MESSAGING_STORAGE: z.enum(['local', 's3']).default('local'),
  MESSAGING_FILES_DIR: z.string().min(1).default('.data/messaging-files'),
  ...s3ConfigFields,
});

export function inboxFileStorage(env: Record<string, string | undefined> = process.env): FileStorage {
  const config = inboxStorageConfigSchema.parse(env);
  return fileStorageFrom(config.MESSAGING_STORAGE, config.MESSAGING_FILES_DIR, config);
}
