import type { Attachment, AttachmentSector, MessageAnswer } from '@pawline/contracts';

export type AnswerRow = {
  id: string;
  orga_id: string;
  store_id: string | null;
  customer_id: string | null;
  fon: string;
  first_name: string;
  last_name: string;
  kind: MessageAnswer['kind'];
  text: string;
  button: MessageAnswer['button'];
  appointment_id: string | null;
  attachments: number;
  answer_time: Date;
};

export const ANSWER_COLUMNS = `id, orga_id, store_id, customer_id, fon, first_name, last_name, kind, text, button, appointment_id, attachments, answer_time`;

export function toAnswer(row: AnswerRow): MessageAnswer {
  return {
    answer_id: row.id,
    answer_time: row.answer_time.toISOString(),
    first_name: row.first_name,
    last_name: row.last_name,
    fon: row.fon,
    text: row.text,
    attachments: row.attachments,
    customer_id: row.customer_id,
    store_id: row.store_id,
    kind: row.kind,
    button: row.button,
    appointment_id: row.appointment_id,
  };
}

export type AttachmentRow = {
  sector: AttachmentSector;
  subject_id: string;
  sequence: number;
  mime: string;
  file_name: string;
  size: number;
  caption: string | null;
  storage_key: string;
};

export const ATTACHMENT_COLUMNS = `sector, subject_id, sequence, mime, file_name, size, caption, storage_key`;

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    sector: row.sector,
    subject_id: row.subject_id,
    sequence: row.sequence,
    mime: row.mime,
    file_name: row.file_name,
    size: row.size,
    caption: row.caption,
  };
}
