import { z } from 'zod';
import { defineRpc } from '../core';
import { MESSAGING_FREE_TEXT_MAX, TEMPLATE_TEXT_MAX, templatePreviewSchema, variablesStrSchema } from './messaging-core-shapes';

/** What a preview asks for: either template_id, or template_text with variables_str for a template being written. */
export const templatePreviewFieldsSchema = z.strictObject({
  template_id: z.string().uuid().optional(),
  template_text: z.string().trim().min(1).max(TEMPLATE_TEXT_MAX).optional(),
  variables_str: variablesStrSchema.optional(),
  appointment_id: z.string().uuid().optional(),
  /** the settings' free text addition (R5.11) */
  addition: z.string().max(MESSAGING_FREE_TEXT_MAX, `At most ${MESSAGING_FREE_TEXT_MAX} characters`).optional(),
  /** values no appointment has: campaigns' percent, number, website */
  values: z
    .strictObject({
      percent: z.string().max(20).optional(),
      number: z.string().max(40).optional(),
      website: z.string().max(200).optional(),
    })
    .optional(),
});

/** The preview needs a template: by id or by its text. */
export const previewNamesATemplate = (input: { template_id?: string; template_text?: string }) =>
  input.template_id !== undefined || input.template_text !== undefined;
export const PREVIEW_TEMPLATE_REQUIRED = { message: 'template_id or template_text', path: ['template_id'] };

/**
 * A template filled with a real appointment's data (its customer, pet, store and time in the store's
 * time zone), or with the store's next appointment when none is given (store readers).
 */
export const previewMessageTemplateRpc = defineRpc(
  'rpc.messaging.template.preview',
  templatePreviewFieldsSchema
    .extend({ orga_id: z.string().uuid(), store_id: z.string().uuid() })
    .refine(previewNamesATemplate, PREVIEW_TEMPLATE_REQUIRED),
  templatePreviewSchema,
);
