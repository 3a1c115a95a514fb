import { z } from 'zod';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';

/**
 * The S3 settings every service that keeps files reads (S3_*); which storage and which local
 * folder stay the service's own settings (e.g. CRM_STORAGE, CRM_FILES_DIR).
 */
export const s3ConfigFields = {
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
};

export type S3Config = {
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
};

const REQUIRED_FOR_S3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3 settings that are missing when the service is told to use S3 (for a zod superRefine). */
export function missingS3Settings(config: S3Config): (typeof REQUIRED_FOR_S3)[number][] {
  return REQUIRED_FOR_S3.filter((key) => !config[key]);
}

/** The storage a service's settings ask for. */
export function fileStorageFrom(storage: 'local' | 's3', localDir: string, config: S3Config): FileStorage {
  if (storage === 'local') return new LocalDiskStorage(localDir);
  const missing = missingS3Settings(config);
  if (missing.length > 0) throw new Error(`S3 storage needs ${missing.join(', ')}`);
  return new S3Storage({
    endpoint: config.S3_ENDPOINT ?? '',
    bucket: config.S3_BUCKET ?? '',
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
  });
}
