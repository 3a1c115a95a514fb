import { REPORT_CARD_NOTE_LIMIT, type ReportCard } from '@pawline/contracts';

export type ReportCardChoice = ReportCard['choice'];
export type ReportCardForm = { note: string; choice: ReportCardChoice };

/** The form of a pet's card: what was saved, else empty and "send" (the owner wants to see it). */
export function reportCardFormOf(card: ReportCard | null | undefined): ReportCardForm {
  return card ? { note: card.note, choice: card.choice } : { note: '', choice: 'send' };
}

/** Issue 31 a card to send needs a note (the owner reads it); one skipped may stay empty; none longer than the limit. */
export function reportCardError(form: ReportCardForm): 'calendar.reportCardNoteNeeded' | 'calendar.reportCardNoteTooLong' | null {
  if (form.note.trim().length > REPORT_CARD_NOTE_LIMIT) return 'calendar.reportCardNoteTooLong';
  if (form.choice !== 'skip' && form.note.trim() === '') return 'calendar.reportCardNoteNeeded';
  return null;
}
