import { z } from 'zod';
import { defineRpc } from '../core';
import { MESSAGE_ANSWER_PAGE_SIZE, messageAnswerPageSchema, pageCursorSchema } from './inbox-shapes';

const storeScope = { orga_id: z.string().uuid(), store_id: z.string().uuid() };

/** R7.09 a store's customer messages, newest first, 200 a page after (last time, last id) (store read). */
export const listMessageAnswersRpc = defineRpc(
  'rpc.messaging.answer.list',
  z.strictObject({ ...storeScope, ...pageCursorSchema }),
  messageAnswerPageSchema,
);

/** R7.09 several answers by id (at most 200); ids of other organizations or stores are left out. */
export const getMessageAnswersRpc = defineRpc(
  'rpc.messaging.answer.multi',
  z.strictObject({ ...storeScope, ids: z.array(z.string().uuid()).min(1).max(MESSAGE_ANSWER_PAGE_SIZE) }),
  messageAnswerPageSchema,
);

/** R7.09 one answer with its attachments; another store's or organization's is not_found. */
export const getMessageAnswerRpc = defineRpc(
  'rpc.messaging.answer.get',
  z.strictObject({ ...storeScope, answer_id: z.string().uuid() }),
  messageAnswerPageSchema,
);
