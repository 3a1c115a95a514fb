import type { ButtonSet } from './provider.port';

/**
 * Quick-reply payloads of a template's buttons (spec §3 button sets): `<answer>:<outbound id>`, so a
 * customer's tap names the message (and through it the customer and appointment) it answers.
 * The sender sets TemplateMessage.buttonPayloads with buttonPayloadsFor; the inbox reads them back.
 */
export const BUTTON_ANSWERS: Record<ButtonSet, readonly ButtonAnswer[]> = {
  0: [],
  1: ['confirm', 'decline'],
  2: ['read', 'unread'],
  3: ['read', 'unread', 'unsubscribe'],
  // issue 30 a waitlist offer's "Take it"
  4: ['take'],
};
export type ButtonAnswer = 'confirm' | 'decline' | 'read' | 'unread' | 'unsubscribe' | 'take';

export function buttonPayloadsFor(buttons: ButtonSet, outboundId: string): string[] {
  return BUTTON_ANSWERS[buttons].map((answer) => `${answer}:${outboundId}`);
}

const PAYLOAD = /^(confirm|decline|read|unread|unsubscribe|take):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The answer and outbound id of a payload, or null for anything we did not send. */
export function parseButtonPayload(payload: string | null): { answer: ButtonAnswer; outboundId: string } | null {
  const match = payload ? PAYLOAD.exec(payload.trim()) : null;
  if (!match) return null;
  return { answer: (match[1] ?? '').toLowerCase() as ButtonAnswer, outboundId: (match[2] ?? '').toLowerCase() };
}
