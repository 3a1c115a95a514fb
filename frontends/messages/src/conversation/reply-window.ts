import { WHATSAPP_FREE_TEXT_MAX } from '@pawline/domain';

// WhatsApp allows free text only within 24 hours of the customer's last message; the server says
// until when (reply_window_until) and refuses later text with reply_window_closed (409).

/** Whether free text may be sent now. */
export function replyWindowOpen(until: string | null, now: Date): boolean {
  return until !== null && Date.parse(until) > now.getTime();
}

/** R5.11 the reply box: characters left of 500 and whether the text may be sent. */
export function replyTextState(text: string): { left: number; sendable: boolean } {
  const length = text.length;
  return { left: WHATSAPP_FREE_TEXT_MAX - length, sendable: text.trim().length > 0 && length <= WHATSAPP_FREE_TEXT_MAX };
}
