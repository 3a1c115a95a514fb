import { apiQueryFilter, type AnswerOf, type ApiQueryFilter, type BodyOf } from '@pawline/api-client';

// The wire shapes of the messages remote, derived from the route declarations
// (libs/contracts/src/http/messaging.routes.ts and messaging-inbox.routes.ts). The pages read and write them
// through the data layer of libs/api-client (useApiQuery, useApiPages, useApiMutation, useApiUpload).
export type AnswerPage = AnswerOf<'listMessageAnswers'>;
export type MessageAnswer = AnswerPage['answers'][number];
export type Attachment = AnswerPage['attachments'][number];
export type ConversationPage = AnswerOf<'listConversation'>;
export type ConversationEntry = ConversationPage['entries'][number];
export type MessageTemplate = AnswerOf<'listMessageTemplates'>['v'][number];
export type TemplateFields = BodyOf<'createMessageTemplate'>;
export type TemplatePreview = AnswerOf<'previewMessageTemplate'>;
export type ReminderSettings = AnswerOf<'getReminderSettings'>;
export type ReminderSettingsChange = BodyOf<'updateReminderSettings'>;
export type WhatsappProfile = AnswerOf<'getWhatsappProfile'>;
export type MessagingFile = AnswerOf<'uploadWhatsappProfileImage'>;
export type WhatsappAccount = AnswerOf<'getWhatsappAccount'>;
export type WhatsappSignupConfig = AnswerOf<'getWhatsappSignupConfig'>;
export type WhatsappRegistration = AnswerOf<'listWhatsappTemplates'>['v'][number];

/** A cursor of spec §7: the last item's time and id, '0' / 'none' for the first page. */
export type Cursor = { last_time: string; last_id: string };
export const FIRST_PAGE: Cursor = { last_time: '0', last_id: 'none' };

/** The cursor after a page: its last row's, or null when the page was shorter than a page (R4.22: the last one). */
export function cursorAfter<T>(rows: readonly T[], pageSize: number, cursorOf: (last: T) => Cursor): Cursor | null {
  const last = rows.at(-1);
  return last !== undefined && rows.length >= pageSize ? cursorOf(last) : null;
}

/** What a template write changes: the template list (every page that reads it: templates, settings, the reply box). */
export function templateWrites(orga: string): readonly ApiQueryFilter[] {
  return [apiQueryFilter('listMessageTemplates', { orga }), apiQueryFilter('listWhatsappTemplates', { orga })];
}

/** What a message to a customer changes: their conversation. */
export function conversationWrites(orga: string, store: string, customer: string): readonly ApiQueryFilter[] {
  return [apiQueryFilter('listConversation', { orga, store, customer })];
}

/** What connecting or disconnecting the number changes: the account, its templates, the sender. */
export function accountWrites(orga: string): readonly ApiQueryFilter[] {
  return [
    apiQueryFilter('getWhatsappAccount', { orga }),
    apiQueryFilter('listWhatsappTemplates', { orga }),
    apiQueryFilter('listMessageTemplates', { orga }),
    apiQueryFilter('getMessagingSender', { orga }),
  ];
}
