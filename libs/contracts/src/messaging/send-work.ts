import { z } from 'zod';
import { defineWork } from '../core';

/**
 * One message to send (ARCHITECTURE.md §5): the outbound_message row is written first, the job carries
 * only its id, and messaging-worker takes it from the WORK stream.
 */
export const sendMessageWork = defineWork('work.messaging.send', z.object({ outbound_id: z.string().uuid() }));
