import { missingS3Settings, s3ConfigFields } from '@pawline/nest-kit';
import { z } from 'zod';

/** crm's own settings, read from the environment by the kit (`def.config` → SERVICE_CONFIG). */
export const crmConfigSchema = z
  .object({
    /** where file bytes go: local disk (default on one machine) or an S3-compatible object store */
    CRM_STORAGE: z.enum(['local', 's3']).default('local'),
    CRM_FILES_DIR: z.string().min(1).default('.data/files'),
    ...s3ConfigFields,
  })
  .superRefine((value, ctx) => {
    if (value.CRM_STORAGE !== 's3') return;
    for (const key of missingS3Settings(value)) {
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when CRM_STORAGE is s3` });
    }
  });

export type CrmConfig = z.infer<typeof crmConfigSchema>;
