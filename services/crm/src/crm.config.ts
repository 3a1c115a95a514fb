import { z } from 'zod';

/** crm's own settings, read from the environment by the kit (`def.config` → SERVICE_CONFIG). */
export const crmConfigSchema = z
  .object({
    /** where file bytes go: local disk (default on one machine) or an S3-compatible object store */
    CRM_STORAGE: z.enum(['local', 's3']).default('local'),
    CRM_FILES_DIR: z.string().min(1).default('.data/files'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.CRM_STORAGE !== 's3') return;
    for (const key of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when CRM_STORAGE is s3` });
    }
  });

export type CrmConfig = z.infer<typeof crmConfigSchema>;
