import { z } from 'zod';
import { checkProviderConfig, providerConfigShape } from './provider/provider.config';

/** messaging's own settings, read from the environment by the kit (`def.config` → SERVICE_CONFIG). */
export const messagingConfigSchema = z.object({ ...providerConfigShape }).superRefine(checkProviderConfig);

export type MessagingConfig = z.infer<typeof messagingConfigSchema>;
