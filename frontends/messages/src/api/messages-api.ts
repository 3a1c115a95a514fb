import {
  API_ROUTES,
  createRemoteHttp,
  type AnswerOf,
  type ApiClient,
  type BodyOf,
  type FetchLike,
  type Language,
  type UploadRequest,
} from '@pawline/api-client';

// The wire shapes of the messages remote, derived from the route declarations
// (libs/contracts/src/http/messaging.routes.ts and messaging-inbox.routes.ts).
export type AnswerPage = AnswerOf<'listMessageAnswers'>;
export type MessageAnswer = AnswerPage['answers'][number];
export type Attachment = AnswerPage['attachments'][number];
export type ConversationPage = AnswerOf<'listConversation'>;
export type ConversationEntry = ConversationPage['entries'][number];
export type MessageTemplate = AnswerOf<'listMessageTemplates'>['v'][number];
export type TemplateFields = BodyOf<'createMessageTemplate'>;
export type TemplatePreview = AnswerOf<'previewMessageTemplate'>;
export type PreviewRequest = BodyOf<'previewMessageTemplate'>;
export type ReminderSettings = AnswerOf<'getReminderSettings'>;
export type ReminderSettingsChange = BodyOf<'updateReminderSettings'>;
export type WhatsappProfile = AnswerOf<'getWhatsappProfile'>;
export type WhatsappProfileFields = BodyOf<'updateWhatsappProfile'>;
export type MessagingFile = AnswerOf<'uploadWhatsappProfileImage'>;

/** A cursor of spec §7: the last item's time and id, '0' / 'none' for the first page. */
export type Cursor = { last_time: string; last_id: string };
export const FIRST_PAGE: Cursor = { last_time: '0', last_id: 'none' };

export type MessagesApiOptions = {
  api: ApiClient;
  language: Language;
  baseUrl?: string;
  fetch?: FetchLike;
  createUploadRequest?: () => UploadRequest;
};

/**
 * The messaging routes of the gateway by their declarations (API_ROUTES), with the shell's session.
 * Bound to one organization and store: the remote's pages are a store's.
 */
export function createMessagesApi(options: MessagesApiOptions, orgaId: string, storeId: string) {
  const { url, request, download, upload } = createRemoteHttp(options);
  const R = API_ROUTES;
  const orga = { orga: orgaId };
  const store = { orga: orgaId, store: storeId };

  return {
    listAnswers: (cursor: Cursor) => request(R.listMessageAnswers, { params: { ...store, ...cursor } }),
    getAnswer: (answerId: string) => request(R.getMessageAnswer, { params: { ...store, id: answerId } }),
    downloadAttachment: (subjectId: string, sequence: number) =>
      download(R.downloadAttachment, { params: { ...store, sector: 'msg', subject: subjectId, sequence: String(sequence) } }),
    listConversation: (customerId: string, cursor: Cursor) =>
      request(R.listConversation, { params: { ...store, customer: customerId, ...cursor } }),
    sendReply: (customerId: string, text: string) =>
      request(R.sendCustomerReply, { params: { ...store, customer: customerId }, body: { text } }),
    sendTemplate: (customerId: string, templateId: string, addition: string) =>
      request(R.sendCustomerTemplate, { params: { ...store, customer: customerId }, body: { template_id: templateId, addition } }),

    listTemplates: () => request(R.listMessageTemplates, { params: orga }),
    createTemplate: (fields: TemplateFields) => request(R.createMessageTemplate, { params: orga, body: fields }),
    updateTemplate: (templateId: string, fields: TemplateFields) =>
      request(R.updateMessageTemplate, { params: { ...orga, template: templateId }, body: fields }),
    deleteTemplate: (templateId: string) => request(R.deleteMessageTemplate, { params: { ...orga, template: templateId } }),
    previewTemplate: (body: PreviewRequest) => request(R.previewMessageTemplate, { params: store, body }),

    getSettings: () => request(R.getReminderSettings, { params: orga }),
    updateSettings: (change: ReminderSettingsChange) => request(R.updateReminderSettings, { params: orga, body: change }),

    getProfile: () => request(R.getWhatsappProfile, { params: orga }),
    updateProfile: (fields: WhatsappProfileFields) => request(R.updateWhatsappProfile, { params: orga, body: fields }),
    listProfileImages: () => request(R.listWhatsappProfileImages, { params: orga }),
    deleteProfileImage: () => request(R.deleteWhatsappProfileImage, { params: orga }),
    downloadProfileImage: (fileId: string) => download(R.downloadWhatsappProfileImage, { params: { file: fileId } }),
    /** R7.04 the image as the raw body with its name in X-File-Name (the kit's upload: the declared route's URL). */
    uploadProfileImage: (file: File): Promise<MessagingFile> =>
      upload<MessagingFile>(R.uploadWhatsappProfileImage.method, url(R.uploadWhatsappProfileImage, { params: orga }), file).done,
  };
}

export type MessagesApi = ReturnType<typeof createMessagesApi>;
