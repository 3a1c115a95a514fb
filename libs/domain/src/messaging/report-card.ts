import { SERVICE_WINDOW_MS } from './cloud-api-rules';
import { parameterText } from './template-renderer';

// Issue 31 report cards: what Pawline may send the owner after check-out. The card goes as the registered UTILITY
// template `report_card` (an IMAGE header with the first photo and the note in the body); WhatsApp lets a business
// send anything that is not a template only within 24 hours of the customer's last message, so a second photo
// travels as an image message only while that window is open, otherwise it stays on the pet's history only.

/** photos a report card keeps: one before, one after */
export const REPORT_CARD_PHOTOS_MAX = 2;
/** the note's length on the card (the template parameter is one line; R5.11 cuts free text at 500) */
export const REPORT_CARD_NOTE_MAX = 500;

/** What staff chose at check-out. */
export type ReportCardChoice = 'send' | 'later' | 'skip';

export type ReportCardFacts = {
  choice: ReportCardChoice;
  /** the customer's consent to service messages (consent_messages) */
  consentMessages: boolean;
  /** the customer has a phone number WhatsApp can be sent to */
  hasPhone: boolean;
  /** the store's WhatsApp sender is connected (sandbox or Cloud API) */
  senderReady: boolean;
  /** how many photos the card holds (0 … 2) */
  photos: number;
  /** when the customer last wrote to the store (epoch ms), null when never */
  lastInboundAt: number | null;
  now: number;
};

export type ReportCardHeld = 'staff_skipped' | 'staff_later' | 'no_consent' | 'no_phone' | 'no_sender';

export type ReportCardPlan =
  | { send: false; reason: ReportCardHeld }
  | {
      send: true;
      /** the registered template: with an IMAGE header when the card has a photo, text only otherwise */
      template: 'report_card_photo' | 'report_card_text';
      /** the photo index (0-based) in the template's header, null for the text template */
      headerPhoto: number | null;
      /** photo indexes sent as image messages after the template (only inside the 24-hour window) */
      imageMessages: number[];
      /** photo indexes kept on the history but not sent (the window was closed) */
      notSent: number[];
    };

/** Whether the customer wrote within the last 24 hours (the window for anything but a template). */
export function serviceWindowOpen(lastInboundAt: number | null, now: number): boolean {
  return lastInboundAt !== null && now - lastInboundAt >= 0 && now - lastInboundAt < SERVICE_WINDOW_MS;
}

/** Issue 31 what a report card sends, given staff's choice, the customer's consent and the 24-hour window. */
export function reportCardPlan(facts: ReportCardFacts): ReportCardPlan {
  if (facts.choice === 'skip') return { send: false, reason: 'staff_skipped' };
  if (facts.choice === 'later') return { send: false, reason: 'staff_later' };
  if (!facts.consentMessages) return { send: false, reason: 'no_consent' };
  if (!facts.hasPhone) return { send: false, reason: 'no_phone' };
  if (!facts.senderReady) return { send: false, reason: 'no_sender' };
  const photos = Math.max(0, Math.min(REPORT_CARD_PHOTOS_MAX, Math.floor(facts.photos)));
  if (photos === 0) return { send: true, template: 'report_card_text', headerPhoto: null, imageMessages: [], notSent: [] };
  // the "after" photo (the last one staff added) goes in the header: it is what the owner wants to see first
  const others = Array.from({ length: photos - 1 }, (_, index) => index);
  const open = serviceWindowOpen(facts.lastInboundAt, facts.now);
  return {
    send: true,
    template: 'report_card_photo',
    headerPhoto: photos - 1,
    imageMessages: open ? others : [],
    notSent: open ? [] : others,
  };
}

/** The note as the template's body parameter: one line (WhatsApp refuses new lines in parameters), at most 500. */
export function reportCardNoteParameter(note: string): string {
  const text = parameterText(note, REPORT_CARD_NOTE_MAX);
  // an empty parameter is refused by the Cloud API: a card without a note still says something
  return text === '' ? '-' : text;
}
